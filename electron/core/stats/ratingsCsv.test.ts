import { describe, expect, it } from 'vitest';
import { csvRecords } from './csvRecords';
import { parseRatingsCsv } from './ratingsCsv';

describe('csvRecords', () => {
  it('handles quotes, escaped quotes, CRLF, a BOM, quoted newlines and blank lines', () => {
    const text = '\ufeffunit,rater,value\r\n"q,1",ana,"say ""hi"""\r\n\r\n"multi\nline",ben,x\n';
    expect(csvRecords(text)).toEqual([
      { fields: ['unit', 'rater', 'value'], line: 1 },
      { fields: ['q,1', 'ana', 'say "hi"'], line: 2 },
      { fields: ['multi\nline', 'ben', 'x'], line: 4 },
    ]);
  });

  it('reports an unclosed quote at the line where the record starts', () => {
    expect(() => csvRecords('a,b\nx,"open\nmore')).toThrow('line 2: a quoted field is not closed');
  });

  it('reports text after a closing quote', () => {
    expect(() => csvRecords('a,b\n"x"y,1')).toThrow('line 2: unexpected text after a closing quote');
  });
});

describe('parseRatingsCsv', () => {
  it('reads unit, rater and value in any column order, ignoring extra columns; empty value = missing', () => {
    const rows = parseRatingsCsv('Rater,note,UNIT,value\nana,,q1,Good\nben,late,q1,\n');
    expect(rows).toEqual([
      { unit: 'q1', rater: 'ana', value: 'Good', line: 2 },
      { unit: 'q1', rater: 'ben', value: null, line: 3 },
    ]);
  });

  it('accepts pre-split records', () => {
    expect(parseRatingsCsv([['unit', 'rater', 'value'], ['u', 'r', '3']])).toEqual([{ unit: 'u', rater: 'r', value: '3', line: 2 }]);
  });

  it('requires a header naming the three columns', () => {
    expect(() => parseRatingsCsv('q1,ana,Good\n')).toThrow(
      'line 1: the header must name the columns unit, rater and value; missing: unit, rater, value (found: q1, ana, Good)',
    );
    expect(() => parseRatingsCsv('')).toThrow(/empty; expected a header "unit,rater,value"/);
  });

  it('names the line of a short record, an empty unit and an empty rater', () => {
    expect(() => parseRatingsCsv('unit,rater,value\nq1,ana\n')).toThrow('line 2: expected 3 fields as in the header, found 2');
    expect(() => parseRatingsCsv('unit,rater,value\nq1,ana,1\n ,ben,2\n')).toThrow('line 3: the unit is empty');
    expect(() => parseRatingsCsv('unit,rater,value\nq1,,2\n')).toThrow('line 2: the rater is empty');
  });
});
