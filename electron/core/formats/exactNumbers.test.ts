import { describe, expect, it } from 'vitest';
import { exactIntegerText, inexactKind, integersEqual, parseJsonExactly, type InexactLiteral } from './exactNumbers';

describe('parseJsonExactly', () => {
  it('parses ordinary JSON exactly as JSON.parse does', () => {
    const text = '{"a": [1, -2.5, 1e10, 9007199254740991, "12345678901234567891"], "b": {"c": null}}';
    expect(parseJsonExactly(text)).toEqual(JSON.parse(text));
  });

  it('keeps integers beyond 2^53 as their digits: two 20-digit ids stay different', () => {
    const inexact: InexactLiteral[] = [];
    const value = parseJsonExactly('[12345678901234567891, 12345678901234567892, -9007199254740993]', inexact) as string[];
    expect(value).toEqual(['12345678901234567891', '12345678901234567892', '-9007199254740993']);
    expect(value[0]).not.toBe(value[1]);
    expect(inexact.map((l) => l.kind)).toEqual(['big-integer', 'big-integer', 'big-integer']);
  });

  it('keeps numbers outside the range of a double as written and reports them with their key', () => {
    const inexact: InexactLiteral[] = [];
    const value = parseJsonExactly('{"amount": 1e999, "tiny": 1e-999, "zero": 0e-999, "ok": 1e308}', inexact);
    expect(value).toEqual({ amount: '1e999', tiny: '1e-999', zero: 0, ok: 1e308 });
    expect(inexact).toEqual([
      { raw: '1e999', key: 'amount', kind: 'out-of-range', offset: 11 },
      { raw: '1e-999', key: 'tiny', kind: 'out-of-range', offset: 26 },
    ]);
  });

  it('leaves digits inside strings alone, escaped quotes included', () => {
    const text = '{"s": "\\"12345678901234567891\\" 1e999", "n": 12345678901234567891}';
    expect(parseJsonExactly(text)).toEqual({ s: '"12345678901234567891" 1e999', n: '12345678901234567891' });
  });

  it('never takes a string the source wrote for one of its markers', () => {
    const value = parseJsonExactly('["\\u0000exact-x:0", 12345678901234567891]');
    expect(value).toEqual(['\u0000exact-x:0', '12345678901234567891']);
  });

  it('throws as JSON.parse does for invalid text', () => {
    expect(() => parseJsonExactly('{"a": 12345678901234567891,}')).toThrow(SyntaxError);
  });

  it('keeps __proto__ an own key on the slow path too', () => {
    const value = parseJsonExactly('{"__proto__": {"polluted": 12345678901234567891}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('exact integers', () => {
  it.each([
    ['9007199254740991', null],
    ['9007199254740992', 'big-integer'],
    ['1.5', null],
    ['1e999', 'out-of-range'],
    ['-1e999', 'out-of-range'],
    ['1e-400', 'out-of-range'],
    ['0.0e-400', null],
  ])('inexactKind(%s) → %s', (raw, kind) => {
    expect(inexactKind(raw)).toBe(kind);
  });

  it('compares integers digit by digit', () => {
    expect(integersEqual('12345678901234567891', '12345678901234567892')).toBe(false);
    expect(integersEqual('12345678901234567891', '+12345678901234567891')).toBe(true);
    expect(integersEqual(42, '42')).toBe(true);
    expect(integersEqual('-0', 0)).toBe(true);
    expect(integersEqual('04101', 4101)).toBeNull();
    expect(integersEqual(1.5, 1.5)).toBeNull();
    expect(exactIntegerText(2 ** 60)).toBeNull();
  });
});
