import { csvRecords } from '../../stats/csvRecords';
import { parseRatingsCsv } from '../../stats/ratingsCsv';
import { RatingsInputError } from '../../stats/ratingsInputError';
import type { AltTestInput, AltTestScoring } from './altTest';

function asValue(text: string, scoring: AltTestScoring, line: number): string | number {
  if (scoring === 'accuracy') return text;
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) throw new RatingsInputError(`--scoring neg-rmse needs numbers; the value "${text}" is not one`, line);
  return n;
}

/**
 * The humans' labels of `accord judge alt-test`: CSV `unit,rater,value` (an empty value is no
 * label). Values stay text for accuracy and must be numbers for neg-rmse.
 *
 * @throws RatingsInputError naming the line: a missing column, an empty unit or rater, a second
 *   label by one rater on one unit, a value that is not a number under neg-rmse.
 */
export function parseAltTestHumans(text: string, scoring: AltTestScoring): AltTestInput['humans'] {
  const seen = new Map<string, number>();
  return parseRatingsCsv(text).flatMap((row) => {
    if (row.value === null) return [];
    const line = row.line as number;
    const key = `${row.unit}\u0000${row.rater}`;
    const first = seen.get(key);
    if (first !== undefined) throw new RatingsInputError(`rater "${row.rater}" labels unit "${row.unit}" twice (first on line ${first})`, line);
    seen.set(key, line);
    return [{ unit: row.unit, rater: row.rater, value: asValue(row.value, scoring, line) }];
  });
}

/**
 * The judge's labels of `accord judge alt-test`: CSV `unit,value` (more columns are ignored; an
 * empty value is no label).
 *
 * @throws RatingsInputError naming the line: no header with unit and value, an empty unit, a
 *   unit labelled twice, a value that is not a number under neg-rmse.
 */
export function parseAltTestJudge(text: string, scoring: AltTestScoring): AltTestInput['judge'] {
  const records = csvRecords(text);
  if (records.length === 0) throw new RatingsInputError('the judge file is empty; expected a header "unit,value"');
  const [header, ...body] = records;
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const unitAt = names.indexOf('unit');
  const valueAt = names.indexOf('value');
  if (unitAt < 0 || valueAt < 0) throw new RatingsInputError(`the header must name the columns unit and value (found: ${header.fields.join(', ')})`, header.line);
  const seen = new Map<string, number>();
  return body.flatMap(({ fields, line }) => {
    if (fields.length !== header.fields.length) throw new RatingsInputError(`expected ${header.fields.length} fields as in the header, found ${fields.length}`, line);
    const unit = fields[unitAt].trim();
    const value = fields[valueAt].trim();
    if (unit === '') throw new RatingsInputError('the unit is empty', line);
    const first = seen.get(unit);
    if (first !== undefined) throw new RatingsInputError(`unit "${unit}" is labelled twice (first on line ${first})`, line);
    seen.set(unit, line);
    return value === '' ? [] : [{ unit, value: asValue(value, scoring, line) }];
  });
}
