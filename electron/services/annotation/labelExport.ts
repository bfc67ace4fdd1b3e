import type { LabelExport } from '../../api/contract';
import { clearedLabels } from '../../../db/queries/blindness';
import { labelQueries, type LabelRecord as LabelRow } from '../../../db/queries/labels';
import type { LabelRecord } from '../../core/schemas/labelRecord';
import { BLIND_COLUMNS, EARLIER_VERSION_COLUMN, LABELS_CSV_COLUMNS, csvLine } from '../../core/schemas/labelsCsv';
import { answerToCell } from '../../core/schemas/labelValue';
import type { LabelSchema } from '../../core/schemas/model';
import { compareUnitKeys, unitToCell } from '../../core/schemas/unitKeys';
import type { ServiceContext } from '../context';
import { blindExport, clearedLabelRow } from './blindExport';
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

/**
 * One label as a labels-CSV row: item, unit (bare id), question, rater, value (`;` between tags,
 * `N/A`), rationale; with `marked`, `yes` in earlier_version for a label made on an earlier version of its item.
 */
export function toCsvFields(row: LabelRow, marked = false): string[] {
  const fields = [row.external_id, unitToCell(row.unit), row.question, row.rater, answerToCell({ value: parseValue(row.value), na: row.na === 1 }), row.rationale ?? ''];
  return marked ? [...fields, row.earlier_version === 1 ? 'yes' : ''] : fields;
}

/** A label cleared after discussion as a labels-CSV row: its value left empty (it has none now; N/A would be an answer). */
function clearedCsvFields(row: LabelRow, marked: boolean): string[] {
  const fields = toCsvFields(row, marked);
  fields[LABELS_CSV_COLUMNS.indexOf('value')] = '';
  return fields;
}

/** One label as a JSONL record. */
export function toLabelLine(task: string, row: LabelRow): LabelRecord {
  return { task, ...labelOfRow(row) };
}

/**
 * Every current label of a task as CSV (the columns of labels.csv) or JSONL. Every
 * rater's labels, so an annotator (`viewer`) is refused; nobody named (the CLI) is not asked.
 */
export function exportLabels(ctx: ServiceContext, args: { task: string | number; format: 'csv' | 'jsonl' }): LabelExport {
  const task = loadTask(ctx.sql, args.task);
  // Labels cleared after discussion are exported too, as cleared with their original: agreement on the originals counts them.
  const cleared = new Set(clearedLabels(ctx.sql, task.record.id).map(clearedLabelRow));
  const rows = sortForExport([...labelQueries(ctx.sql).ofTask(task.record.id), ...cleared], task.schema);
  // Labels made on an earlier version of their item are kept and marked: an earlier_version column
  // (only when there are any, so an export is otherwise exactly labels.csv) or an earlierVersion field.
  const earlierVersion = rows.filter((r) => r.earlier_version === 1).length;
  const marked = earlierVersion > 0;
  // Blind labeling (issue 13): the original beside a label revised after discussion, and what was
  // visible when each label was made, in columns after labels.csv's (only where recorded).
  const blind = blindExport(ctx.sql, task.record.id);
  const header = [...LABELS_CSV_COLUMNS, ...(marked ? [EARLIER_VERSION_COLUMN] : []), ...(blind.any ? BLIND_COLUMNS : [])];
  const content =
    args.format === 'csv'
      ? csvLine(header) + rows.map((r) => csvLine([...(cleared.has(r) ? clearedCsvFields(r, marked) : toCsvFields(r, marked)), ...(blind.any ? blind.csvFields(r, cleared.has(r)) : [])])).join('')
      : rows.map((r) => `${JSON.stringify({ ...toLabelLine(task.record.name, r), ...(blind.any ? blind.jsonFields(r, cleared.has(r)) : {}) })}\n`).join('');
  return { fileName: `${safeFileName(task.record.name)}.labels.${args.format}`, format: args.format, rows: rows.length, earlierVersion, ...(cleared.size > 0 ? { cleared: cleared.size } : {}), content };
}
