import { describe, expect, it } from 'vitest';
import { tokenizeJsonLine } from './jsonTokens';

describe('tokenizeJsonLine', () => {
  it('tells keys from string values, numbers, literals and punctuation', () => {
    expect(tokenizeJsonLine('  "id": "q-002",')).toEqual([
      { text: '  ', type: 'space' },
      { text: '"id"', type: 'key' },
      { text: ':', type: 'punctuation' },
      { text: ' ', type: 'space' },
      { text: '"q-002"', type: 'string' },
      { text: ',', type: 'punctuation' },
    ]);
    expect(tokenizeJsonLine('    -1.5e3, true, null').map((t) => t.type)).toEqual([
      'space', 'number', 'punctuation', 'space', 'literal', 'punctuation', 'space', 'literal',
    ]);
  });

  it('keeps escaped quotes and markup inside one string token', () => {
    const line = '  "text": "<script>alert(\\"x\\")</script>"';
    const tokens = tokenizeJsonLine(line);
    expect(tokens.map((t) => t.text).join('')).toBe(line);
    expect(tokens.filter((t) => t.type === 'string')).toEqual([{ text: '"<script>alert(\\"x\\")</script>"', type: 'string' }]);
  });

  it('does not colour digits inside a key', () => {
    expect(tokenizeJsonLine('"step2": 3').map((t) => t.type)).toEqual(['key', 'punctuation', 'space', 'number']);
  });
});
