import { csvCell, unguardedCell } from '../../common/csvCell';
import { csvRecords } from '../stats/csvRecords';
import { RatingsInputError } from '../stats/ratingsInputError';

/** The columns of a labels CSV, in order (`fixtures/formats/labels.csv`). */
export const LABELS_CSV_COLUMNS = ['item', 'unit', 'question', 'rater', 'value', 'rationale'] as const;

/**
 * A last column exports add when some label was made on an earlier version of its item (`yes`
 * on those): accepted and ignored when read back, since a file does not say which version its
 * rater saw. Without such labels an export is exactly labels.csv's columns.
 */
export const EARLIER_VERSION_COLUMN = 'earlier_version';

/**
 * Columns exports add where a task's labels were made blind (issue 13): the original answer of a
 * label its rater revised after discussion, `yes` on those, and what was visible when the label
 * was made (`others=no;scores=no;discussion=no`). Accepted and ignored when read back: a file
 * cannot say what its rater saw.
 */
export const BLIND_COLUMNS = ['original_value', 'revised_after_discussion', 'visible'] as const;

/**
 * revised_after_discussion of a label its rater cleared after discussion: the row has no value,
 * its original_value is what agreement counts, and it is skipped when read back.
 */
export const CLEARED = 'cleared';

/** Columns a labels CSV must have; `unit` and `rationale` (and `earlier_version`) may be left out. */
const REQUIRED_COLUMNS = ['item', 'question', 'rater', 'value'] as const;

/** One data row of a labels CSV, cells as written, with its 1-based line. */
export interface LabelsCsvRow {
  line: number;
  item: string;
  unit: string;
  question: string;
  rater: string;
  value: string;
  rationale: string;
}

/** A problem in a labels file, with its 1-based line (null when it concerns the whole file). */
export class LabelsFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'LabelsFileError';
  }
}

/**
 * Reads a labels CSV: a header naming the columns (any order; `unit` and `rationale`
 * optional, no others), then one label per row. Cells are returned as written; checking
 * them against the task is the importer's job.
 *
 * @throws LabelsFileError for broken quoting, a missing or unknown column, or a row with the
 *   wrong number of cells, naming the line.
 */
export function readLabelsCsv(text: string): LabelsCsvRow[] {
  let records;
  try {
    records = csvRecords(text);
  } catch (error) {
    if (error instanceof RatingsInputError) throw new LabelsFileError(error.message.replace(/^line \d+: /, ''), error.line ?? null);
    throw error;
  }
  if (records.length === 0) throw new LabelsFileError('the file is empty', null);
  const header = records[0].fields.map((f) => f.trim());
  const unknown = header.filter((h) => !(LABELS_CSV_COLUMNS as readonly string[]).includes(h) && h !== EARLIER_VERSION_COLUMN && !(BLIND_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) {
    throw new LabelsFileError(`unknown column${unknown.length === 1 ? '' : 's'} ${unknown.map((u) => `"${u}"`).join(', ')}; a labels CSV has the columns ${LABELS_CSV_COLUMNS.join(', ')}`, records[0].line);
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new LabelsFileError(`missing column${missing.length === 1 ? '' : 's'} ${missing.join(', ')} (columns: ${LABELS_CSV_COLUMNS.join(', ')})`, records[0].line);
  const index = (column: string) => header.indexOf(column);
  return records.slice(1).flatMap(({ fields, line }) => {
    if (fields.length !== header.length) {
      throw new LabelsFileError(`expected ${header.length} cells (${header.join(', ')}), found ${fields.length}`, line);
    }
    // Cells as written, less the formula guard an export put on them (shared/csvCell.ts).
    const cell = (column: string) => (index(column) < 0 ? '' : unguardedCell(fields[index(column)]));
    // An exported label cleared after discussion is no label to read back.
    if (cell('revised_after_discussion').trim() === CLEARED) return [];
    return { line, item: cell('item').trim(), unit: cell('unit'), question: cell('question').trim(), rater: cell('rater').trim(), value: cell('value'), rationale: cell('rationale') };
  });
}

/** One cell of a labels CSV: the one CSV cell writer, guarded against formula injection and quoted (shared/csvCell.ts). */
export function csvField(text: string): string {
  return csvCell(text);
}

/** One CSV line, ending with `\n`. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\n`;
}
