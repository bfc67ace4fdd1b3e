import { describe, expect, it } from 'vitest';
import { hasActingCharacters, namePieces, visibleOutput, visibleText } from './visibleText';

describe('visibleText', () => {
  it.each([
    ['report\u202Etxt.exe', 'report\\u202Etxt.exe'],
    ['a\u2066b\u2069c\u200Fd\u061Ce', 'a\\u2066b\\u2069c\\u200Fd\\u061Ce'],
    ['line\nbreak\ttab\rcr', 'line\\u000Abreak\\u0009tab\\u000Dcr'],
    ['\u001b[31mred\u001b[0m', '\\u001B[31mred\\u001B[0m'],
    ['nul\u0000del\u007fc1\u0085', 'nul\\u0000del\\u007Fc1\\u0085'],
    ['half \ud83d surrogate', 'half \\uD83D surrogate'],
    ['emoji 😀 and café stay', 'emoji 😀 and café stay'],
  ])('%j → %j', (name, shown) => {
    expect(visibleText(name)).toBe(shown);
  });

  it('tells whether a name needs escaping', () => {
    expect(hasActingCharacters('plain name')).toBe(false);
    expect(hasActingCharacters('a\u202Eb')).toBe(true);
    expect(hasActingCharacters('a\u202Eb')).toBe(true);
  });

  it('keeps line feeds and tabs in output, and escaping JSON output keeps it the same JSON', () => {
    expect(visibleOutput('a\tb\nc\u202Ed\re')).toBe('a\tb\nc\\u202Ed\\u000De');
    const value = { name: 'x\u202Ey\u0085z', n: 1 };
    expect(JSON.parse(visibleOutput(JSON.stringify(value, null, 2)))).toEqual(value);
  });

  it('cuts a name into text and marked escapes for the screens', () => {
    expect(namePieces('ab\u202Ecd')).toEqual([
      { text: 'ab', escape: false },
      { text: '\\u202E', escape: true, codePoint: 'U+202E' },
      { text: 'cd', escape: false },
    ]);
  });
});
