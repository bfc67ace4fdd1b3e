import { DEFAULT_RECORD_LIMITS } from '../formats/recordLimits';
import { RatingsInputError } from './ratingsInputError';

/** One CSV record and the 1-based line it starts on. */
export interface CsvRecord {
  readonly fields: string[];
  readonly line: number;
}

/**
 * Splits CSV text into records (RFC 4180: `,` separator, `"` quoting with `""` escapes,
 * quoted fields may span lines; LF or CRLF line ends; a leading UTF-8 BOM is dropped).
 * Blank lines are skipped. Kept here rather than using csv-parse so that core/ stays free of
 * dependencies and every error carries the line where the record started.
 *
 * A record of more than `maxColumns` fields is refused at once (a ratings or labels file has a
 * handful; a hostile one of a million would cost that many strings per row).
 *
 * @throws RatingsInputError for an unclosed quote, text after a closing quote, or too many fields.
 * @example csvRecords('a,b\n"x,1",2\n') // [{fields:['a','b'],line:1}, {fields:['x,1','2'],line:2}]
 */
export function csvRecords(text: string, maxColumns = DEFAULT_RECORD_LIMITS.maxColumns): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let atRecordEnd = false;
    while (!atRecordEnd) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) throw new RatingsInputError('a quoted field is not closed', startLine);
          const ch = text[i];
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n') line++;
          field += ch;
          i++;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          throw new RatingsInputError('unexpected text after a closing quote', line);
        }
      } else {
        const start = i;
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') i++;
        field = text.slice(start, i);
      }
      fields.push(field);
      if (fields.length > maxColumns) throw new RatingsInputError(`more than ${maxColumns} columns, the limit`, startLine);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') i++;
      line++;
      atRecordEnd = true;
    }
    if (!(fields.length === 1 && fields[0] === '')) records.push({ fields, line: startLine });
  }
  return records;
}
