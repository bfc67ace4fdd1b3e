import { describe, expect, it } from 'vitest';
import { mappedValueText, parseMappedValue } from './valueMapText';

describe('value map text', () => {
  it('reads level names as text, numbers and tag lists as JSON, and null or nothing as N/A', () => {
    expect(parseMappedValue(' Very Good ')).toBe('Very Good');
    expect(parseMappedValue('6')).toBe(6);
    expect(parseMappedValue('"6"')).toBe('6');
    expect(parseMappedValue('["incorrect_tool", "no_change"]')).toEqual(['incorrect_tool', 'no_change']);
    expect(parseMappedValue('null')).toBeNull();
    expect(parseMappedValue('')).toBeNull();
    expect(parseMappedValue('{"a": 1}')).toBe('{"a": 1}');
  });

  it('writes each value back so that reading it again gives the same value', () => {
    for (const value of ['Very Good', '6', 'null', 6, ['a', 'b'], null] as const) expect(parseMappedValue(mappedValueText(value as never))).toEqual(value);
  });
});
