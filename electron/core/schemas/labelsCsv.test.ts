import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvLine, readLabelsCsv } from './labelsCsv';
import { FORMATS } from '../../testing/fixtures';

const LABELS_CSV = path.join(FORMATS, 'labels.csv');

describe('readLabelsCsv', () => {
  it('reads fixtures/formats/labels.csv row by row with lines', () => {
    const rows = readLabelsCsv(fs.readFileSync(LABELS_CSV, 'utf8'));
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({ line: 2, item: 'conv-0001', unit: '', question: 'validity', rater: 'ana', value: 'valid', rationale: 'Follows the procedure end to end.' });
    expect(rows[7]).toMatchObject({ line: 9, item: 'q-003', unit: '2', question: 'step_tags', rater: 'ben', value: 'incorrect_tool;complex_prompt', rationale: '' });
  });

  it('accepts columns in any order and without unit or rationale', () => {
    expect(readLabelsCsv('rater,item,question,value\nana,q-1,validity,valid\n')).toEqual([
      { line: 2, item: 'q-1', unit: '', question: 'validity', rater: 'ana', value: 'valid', rationale: '' },
    ]);
  });

  it('names the line of a bad header, a short row or a broken quote', () => {
    expect(() => readLabelsCsv('item,question,raters,value\n')).toThrow(/unknown column "raters"/);
    expect(() => readLabelsCsv('item,question,value\n')).toThrow(/missing column rater/);
    expect(() => readLabelsCsv('item,unit,question,rater,value,rationale\nq,,v,ana,valid\n')).toThrow(expect.objectContaining({ line: 2, message: expect.stringMatching(/expected 6 cells/) }));
    expect(() => readLabelsCsv('item,unit,question,rater,value,rationale\nq,,v,ana,valid,"open\n')).toThrow(expect.objectContaining({ line: 2 }));
    expect(() => readLabelsCsv('')).toThrow(/empty/);
  });
});

describe('csvLine', () => {
  it('quotes only fields that need it', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', ''])).toBe('a,"b,c","say ""hi""","two\nlines",\n');
  });
});
