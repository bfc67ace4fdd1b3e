import { describe, expect, it } from 'vitest';
import { FormatError } from './types';
import { JSON_LINES_HINT, MAX_JSON_DEPTH, lineColumnAt, parseJsonFile, parseJsonText } from './json';

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

describe('parseJsonFile', () => {
  const fileError = (text: string): FormatError => {
    try {
      parseJsonFile(text);
    } catch (error) {
      return error as FormatError;
    }
    throw new Error('expected a FormatError');
  };

  it('parses one JSON value as parseJsonText does', () => {
    expect(parseJsonFile('[{"a": 1}]\n')).toEqual([{ a: 1 }]);
  });

  it('says a file of one value per line looks like JSON Lines, at the second line', () => {
    const error = fileError('{"id": "parallel_0"}\n{"id": "parallel_1"}\n');
    expect([error.line, error.column]).toEqual([2, 1]);
    expect(error.message).toBe(`invalid JSON: unexpected content after the JSON value: ${JSON_LINES_HINT}`);
    expect(JSON_LINES_HINT).toMatch(/JSON Lines \(one record per line\).*\.jsonl/);
    // CRLF, indentation and a blank line before the second value; arrays per line too.
    expect(fileError('{"id": 0}\r\n\r\n  {"id": 1}\r\n')).toMatchObject({ line: 3, column: 3, message: expect.stringContaining(JSON_LINES_HINT) });
    expect(fileError('[1, 2]\n[3, 4]\n')).toMatchObject({ line: 2, column: 1, message: expect.stringContaining(JSON_LINES_HINT) });
  });

  it('gives no hint where renaming would not help', () => {
    const plain = 'invalid JSON: unexpected content after the JSON value';
    // A second value on the same line.
    expect(fileError('{"id": 0} {"id": 1}\n')).toMatchObject({ line: 1, column: 11, message: plain });
    // Pretty-printed values one after another: not one a line.
    expect(fileError('{\n  "id": 0\n}\n{\n  "id": 1\n}\n')).toMatchObject({ line: 4, column: 1, message: plain });
    // A value other than an object or array on the next line.
    expect(fileError('{"id": 0}\n"next"\n')).toMatchObject({ line: 2, column: 1, message: plain });
  });
});
