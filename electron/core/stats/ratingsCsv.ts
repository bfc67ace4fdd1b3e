import { csvRecords } from './csvRecords';
import { type RatingRow } from './ratingTable';
import { RatingsInputError } from './ratingsInputError';

const REQUIRED_COLUMNS = ['unit', 'rater', 'value'] as const;

/**
 * Parses the ratings file of `accord agreement --ratings`: CSV with a header naming the columns
 * `unit`, `rater` and `value` (any order, case-insensitive; other columns are ignored). An
 * empty `value` is a missing rating. Accepts the file text, or records already split into
 * fields (first record = header); it never reads files itself.
 *
 * @throws RatingsInputError with the line number for a missing header column, a record with
 *   the wrong number of fields, an empty unit or rater, or malformed quoting.
 * @example parseRatingsCsv('unit,rater,value\nq1,ana,Good\nq1,ben,\n')
 *   // [{unit:'q1',rater:'ana',value:'Good',line:2}, {unit:'q1',rater:'ben',value:null,line:3}]
 */
export function parseRatingsCsv(input: string | readonly (readonly string[])[]): RatingRow[] {
  const records = typeof input === 'string'
    ? csvRecords(input)
    : input.map((fields, i) => ({ fields: [...fields], line: i + 1 }));
  if (records.length === 0) {
    throw new RatingsInputError('the ratings file is empty; expected a header "unit,rater,value"');
  }
  const [header, ...body] = records;
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const column = Object.fromEntries(REQUIRED_COLUMNS.map((name) => [name, names.indexOf(name)])) as Record<
    (typeof REQUIRED_COLUMNS)[number],
    number
  >;
  const absent = REQUIRED_COLUMNS.filter((name) => column[name] < 0);
  if (absent.length > 0) {
    throw new RatingsInputError(
      `the header must name the columns unit, rater and value; missing: ${absent.join(', ')} (found: ${header.fields.join(', ')})`,
      header.line,
    );
  }
  return body.map(({ fields, line }) => {
    if (fields.length !== header.fields.length) {
      throw new RatingsInputError(`expected ${header.fields.length} fields as in the header, found ${fields.length}`, line);
    }
    const unit = fields[column.unit].trim();
    const rater = fields[column.rater].trim();
    const value = fields[column.value].trim();
    if (unit === '') throw new RatingsInputError('the unit is empty', line);
    if (rater === '') throw new RatingsInputError('the rater is empty', line);
    return { unit, rater, value: value === '' ? null : value, line };
  });
}
