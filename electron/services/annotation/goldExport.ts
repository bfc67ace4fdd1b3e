import type { GoldExport } from '../../api/contract';
import { goldEventsOf, goldOfTask, type GoldEventRecord } from '../../../db/queries/gold';
import { taskItems } from '../../../db/queries/tasks';
import { csvLine } from '../../core/schemas/labelsCsv';
import { answerToCell } from '../../core/schemas/labelValue';
import { compareUnitKeys, unitToCell } from '../../core/schemas/unitKeys';
import type { ServiceContext } from '../context';
import { safeFileName } from './sources';
import { loadTask, parseValue } from './taskContext';

/** The columns of a gold CSV, in order. */
export const GOLD_CSV_COLUMNS = ['item', 'dataset', 'unit', 'question', 'gold', 'source', 'adjudicator', 'note', 'time', 'edits', 'edit_log'] as const;

const cell = (value: string | null, na: number | boolean) => answerToCell({ value: parseValue(value), na: na === true || na === 1 });
const previousCell = (previous: string | null) => {
  if (previous === null) return '';
  const p = JSON.parse(previous) as { value: unknown; na: boolean };
  return answerToCell({ value: p.value as never, na: p.na });
};

/** One edit as a line of the CSV's edit log: `time who: was → now (why)`. */
function editText(e: GoldEventRecord): string {
  const change = e.previous === null ? cell(e.value, e.na) : `${previousCell(e.previous)} → ${cell(e.value, e.na)}`;
  return `${e.created_at} ${e.adjudicator ?? (e.source === 'unanimous' ? 'unanimous' : 'an adjudicator')}: ${change}${e.reason ? ` (${e.reason})` : ''}`;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every gold label of a task (see `gold.export`): CSV through the labels CSV writer (one row per
 * gold label, its edit log in the last two columns), or JSONL with the edits as a list. Ordered
 * as the labels export: by item, the whole item before its units, questions in schema order.
 */
export function exportGold(ctx: ServiceContext, args: { task: string | number; format: 'csv' | 'jsonl' }): GoldExport {
  const task = loadTask(ctx.sql, args.task);
  const items = new Map(taskItems(ctx.sql, task.record.id).map((i) => [i.item_id, i]));
  const order = new Map(task.schema.questions.map((q, i) => [q.id, i]));
  const edits = new Map<string, GoldEventRecord[]>();
  for (const e of goldEventsOf(ctx.sql, task.record.id)) {
    const key = `${e.item_id}\u0000${e.unit}\u0000${e.question}`;
    edits.set(key, [...(edits.get(key) ?? []), e]);
  }
  // Gold on items of a trashed dataset is hidden with them.
  const rows = goldOfTask(ctx.sql, task.record.id)
    .filter((g) => items.has(g.item_id))
    .map((g) => ({ gold: g, item: items.get(g.item_id)!, edits: edits.get(`${g.item_id}\u0000${g.unit}\u0000${g.question}`) ?? [] }))
    .sort(
      (a, b) =>
        compareText(a.item.external_id, b.item.external_id) ||
        compareText(a.item.dataset, b.item.dataset) ||
        compareUnitKeys(a.gold.unit, b.gold.unit) ||
        (order.get(a.gold.question) ?? 0) - (order.get(b.gold.question) ?? 0),
    );
  const content =
    args.format === 'csv'
      ? csvLine(GOLD_CSV_COLUMNS) +
        rows
          .map(({ gold, item, edits: log }) =>
            csvLine([
              item.external_id,
              item.dataset,
              unitToCell(gold.unit),
              gold.question,
              cell(gold.value, gold.na),
              gold.source,
              gold.adjudicator ?? '',
              gold.rationale ?? '',
              gold.updated_at,
              String(log.length),
              log.map(editText).join(' | '),
            ]),
          )
          .join('')
      : rows
          .map(({ gold, item, edits: log }) =>
            JSON.stringify({
              task: task.record.name,
              dataset: item.dataset,
              item: item.external_id,
              unit: gold.unit,
              question: gold.question,
              value: parseValue(gold.value),
              na: gold.na === 1,
              source: gold.source,
              adjudicator: gold.adjudicator,
              note: gold.rationale,
              time: gold.updated_at,
              edits: log.map((e) => ({
                at: e.created_at,
                by: e.adjudicator,
                source: e.source,
                previous: e.previous === null ? null : (JSON.parse(e.previous) as unknown),
                value: parseValue(e.value),
                na: e.na === 1,
                reason: e.reason,
                note: e.rationale,
              })),
            }) + '\n',
          )
          .join('');
  return { fileName: `${safeFileName(task.record.name)}.gold.${args.format}`, format: args.format, rows: rows.length, content };
}
