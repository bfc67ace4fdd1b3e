import { parseJsonExactly } from '../formats/exactNumbers';
import { csvRecords } from '../stats/csvRecords';
import { RatingsInputError } from '../stats/ratingsInputError';

/** One label an LLM produced outside Accord, as read from the file (not yet checked against a task). */
export interface ImportedLabel {
  line: number;
  /** The item's external id (or `dataset/external id`). */
  item: string;
  /** The unit cell: empty for the item, `2` or `step:2` for a unit. */
  unit: string;
  /** The question, when the file names it. */
  question: string | null;
  /** CSV: the cell as written; JSONL: the JSON value (null: N/A). */
  value: { cell: string } | { json: unknown };
  rationale: string | null;
}

/** A problem in the file, with its line. */
export class ImportedLabelsError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'ImportedLabelsError';
  }
}

/**
 * Splits a unit as calibration and the alt-test name it, `<item>|<unit key>` (`pq-003|step:2`,
 * `pq-001` or `pq-001|` for the item), into item and unit cell.
 */
export function splitUnitName(name: string): { item: string; unit: string } {
  const bar = name.lastIndexOf('|');
  return bar < 0 ? { item: name.trim(), unit: '' } : { item: name.slice(0, bar).trim(), unit: name.slice(bar + 1).trim() };
}

/**
 * Reads judge labels made elsewhere (`accord judge import`). CSV: a header with `unit` and
 * `value`, optionally `rationale` and `question`; `unit` is `<item>` or `<item>|<unit>` — or,
 * as in a labels CSV, an `item` column with `unit` holding the unit. JSONL: one object per line
 * with the same fields (`value` any JSON the question allows; null is N/A).
 *
 * @throws ImportedLabelsError naming the line: a missing column, an empty unit, a malformed line.
 */
export function parseImportedLabels(text: string, format: 'csv' | 'jsonl'): ImportedLabel[] {
  return format === 'csv' ? fromCsv(text) : fromJsonl(text);
}

function fromCsv(text: string): ImportedLabel[] {
  let records;
  try {
    records = csvRecords(text);
  } catch (error) {
    if (error instanceof RatingsInputError) throw new ImportedLabelsError(error.message.replace(/^line \d+: /, ''), error.line ?? null);
    throw error;
  }
  if (records.length === 0) throw new ImportedLabelsError('the file is empty; expected a header "unit,value[,rationale]"', null);
  const [header, ...body] = records;
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  if (at('value') < 0 || (at('unit') < 0 && at('item') < 0)) {
    throw new ImportedLabelsError(`the header must name the columns unit and value (optionally rationale, question); found: ${header.fields.join(', ')}`, header.line);
  }
  const hasItem = at('item') >= 0;
  return body.map(({ fields, line }) => {
    if (fields.length !== header.fields.length) throw new ImportedLabelsError(`expected ${header.fields.length} fields as in the header, found ${fields.length}`, line);
    const cell = (name: string) => (at(name) >= 0 ? fields[at(name)] : '');
    const { item, unit } = hasItem ? { item: cell('item').trim(), unit: cell('unit').trim() } : splitUnitName(cell('unit'));
    if (item === '') throw new ImportedLabelsError(hasItem ? 'the item is empty' : 'the unit is empty', line);
    const question = cell('question').trim();
    const rationale = cell('rationale');
    return { line, item, unit, question: question === '' ? null : question, value: { cell: cell('value') }, rationale: rationale.trim() === '' ? null : rationale };
  });
}

function fromJsonl(text: string): ImportedLabel[] {
  const out: ImportedLabel[] = [];
  text.split(/\r?\n/).forEach((lineText, index) => {
    const line = index + 1;
    if (lineText.trim() === '') return;
    let json: unknown;
    try {
      json = parseJsonExactly(lineText);
    } catch (error) {
      throw new ImportedLabelsError(`not valid JSON: ${(error as Error).message}`, line);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ImportedLabelsError('expected an object like {"unit": "pq-001", "value": "pass"}', line);
    const o = json as Record<string, unknown>;
    const text = (key: string) => {
      const v = o[key];
      if (v === undefined || v === null) return '';
      if (typeof v !== 'string' && typeof v !== 'number') throw new ImportedLabelsError(`"${key}" must be text`, line);
      return String(v);
    };
    if (!('value' in o)) throw new ImportedLabelsError('"value" is missing', line);
    const { item, unit } = o.item !== undefined ? { item: text('item').trim(), unit: text('unit').trim() } : splitUnitName(text('unit'));
    if (item === '') throw new ImportedLabelsError(o.item !== undefined ? '"item" is empty' : '"unit" is missing or empty', line);
    const question = text('question').trim();
    const rationale = text('rationale');
    out.push({ line, item, unit, question: question === '' ? null : question, value: { json: o.value }, rationale: rationale.trim() === '' ? null : rationale });
  });
  return out;
}
