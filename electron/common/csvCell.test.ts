import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, guardedCell, unguardedCell } from './csvCell';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ["'=already", "''=already"],
    ['- a dash first', "'- a dash first"],
    ['plain, text', '"plain, text"'],
    ['a "quote"', '"a ""quote"""'],
    ['', ''],
  ])('%j → %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('keeps plain numbers numbers, negative ones included, so a spreadsheet can sum them', () => {
    expect(csvCell(-0.25)).toBe('-0.25');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell('-1.5e-3')).toBe('-1.5e-3');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', -1, null, '=x'])).toBe("a,-1,,'=x");
  });

  it('takes the guard off exactly as it was put on', () => {
    for (const value of ['=x', "'=x", "''=x", '-1+2', '-3', "'plain", 'plain', '\t=1', '@']) {
      expect(unguardedCell(guardedCell(value))).toBe(value);
    }
  });
});
