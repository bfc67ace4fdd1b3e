import type { LabelExport } from '../../api/contract';
import { labelQueries, type LabelRecord as LabelRow } from '../../../db/queries/labels';
import type { LabelRecord } from '../../core/schemas/labelRecord';
import { LABELS_CSV_COLUMNS, csvLine } from '../../core/schemas/labelsCsv';
import { answerToCell } from '../../core/schemas/labelValue';
import type { LabelSchema } from '../../core/schemas/model';
import { compareUnitKeys, unitToCell } from '../../core/schemas/unitKeys';
import type { ServiceContext } from '../context';
import { safeFileName } from './sources';
import { loadTask, parseValue } from './taskContext';
import { labelOfRow } from './views';

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Labels in the order exports list them: by item external id (then dataset), the whole item
 * before its units and units in their natural order, questions in schema order, raters by name.
 */
export function sortForExport(rows: LabelRow[], schema: LabelSchema): LabelRow[] {
  const order = new Map(schema.questions.map((q, i) => [q.id, i]));
  return [...rows].sort(
    (a, b) =>
      compareText(a.external_id, b.external_id) ||
      compareText(a.dataset, b.dataset) ||
      compareUnitKeys(a.unit, b.unit) ||
      (order.get(a.question) ?? 0) - (order.get(b.question) ?? 0) ||
      compareText(a.rater, b.rater),
  );
}

/** One label as a labels-CSV row: item, unit (bare id), question, rater, value (`;` between tags, `N/A`), rationale. */
export function toCsvFields(row: LabelRow): string[] {
  return [row.external_id, unitToCell(row.unit), row.question, row.rater, answerToCell({ value: parseValue(row.value), na: row.na === 1 }), row.rationale ?? ''];
}

/** One label as a JSONL record. */
export function toLabelLine(task: string, row: LabelRow): LabelRecord {
  return { task, ...labelOfRow(row) };
}

/**
 * Every current label of a task as CSV (exactly the columns of labels.csv) or JSONL. Every
 * rater's labels, so an annotator (`viewer`) is refused; nobody named (the CLI) is not asked.
 */
export function exportLabels(ctx: ServiceContext, args: { task: string | number; format: 'csv' | 'jsonl' }): LabelExport {
  const task = loadTask(ctx.db, args.task);
  const rows = sortForExport(labelQueries(ctx.db).ofTask(task.record.id), task.schema);
  const content =
    args.format === 'csv'
      ? csvLine(LABELS_CSV_COLUMNS) + rows.map((r) => csvLine(toCsvFields(r))).join('')
      : rows.map((r) => `${JSON.stringify(toLabelLine(task.record.name, r))}\n`).join('');
  return { fileName: `${safeFileName(task.record.name)}.labels.${args.format}`, format: args.format, rows: rows.length, content };
}
