import { describe, expect, it } from 'vitest';
import { FormatError } from './types';
import { MAX_JSON_DEPTH, lineColumnAt, parseJsonText } from './json';

function errorOf(text: string, offset = 0): FormatError {
  try {
    parseJsonText(text, offset);
  } catch (error) {
    return error as FormatError;
  }
  throw new Error('expected a FormatError');
}

describe('parseJsonText', () => {
  it('parses valid JSON, keeping __proto__ as an own key without touching prototypes', () => {
    const value = parseJsonText('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names line and column of a missing value', () => {
    const error = errorOf('{"a": 1,\n "b": }');
    expect(error).toBeInstanceOf(FormatError);
    expect([error.line, error.column]).toEqual([2, 7]);
    expect(error.message).toBe('invalid JSON: expected a value');
  });

  it('reports truncation at the end and shifts lines by the offset', () => {
    const error = errorOf('[1, 2', 41);
    expect([error.line, error.column]).toEqual([42, 6]);
    expect(error.message).toMatch(/truncated/);
  });

  it('rejects nesting deeper than the limit with its position', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 5) + ']'.repeat(MAX_JSON_DEPTH + 5);
    const error = errorOf(deep);
    expect(error.message).toMatch(/nested deeper than 200/);
    expect(error.column).toBe(MAX_JSON_DEPTH + 1);
  });

  it('computes 1-based line and column', () => {
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
