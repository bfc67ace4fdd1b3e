import { describe, expect, it } from 'vitest';
import { parseCallSyntax } from './callSyntax';

describe('parseCallSyntax', () => {
  it('reads the api call of conversation-roles.json', () => {
    expect(parseCallSyntax("get_booking(booking_ref='HB-55812', last_name='Okafor')")).toEqual({
      ok: true,
      name: 'get_booking',
      arguments: { booking_ref: 'HB-55812', last_name: 'Okafor' },
    });
  });

  it('reads both quotes, escapes, numbers, booleans and nulls in both spellings', () => {
    const result = parseCallSyntax(
      `f(a="it's", b='say \\'hi\\'\\n', c=-3, d=2.5e2, e=True, f=false, g=None, h=null, i='\\u00e9\\x41', j='C:\\d')`,
    );
    expect(result).toEqual({
      ok: true,
      name: 'f',
      arguments: { a: "it's", b: "say 'hi'\n", c: -3, d: 250, e: true, f: false, g: null, h: null, i: 'éA', j: 'C:\\d' },
    });
  });

  it('keeps an integer beyond 2^53 digit for digit, as the JSON reader does (exactNumbers.ts)', () => {
    expect(parseCallSyntax('lookup(order_id=12345678901234567891, n=9007199254740991, big=1e999)')).toEqual({
      ok: true,
      name: 'lookup',
      arguments: { order_id: '12345678901234567891', n: 9007199254740991, big: '1e999' },
    });
  });

  it('reads nested lists, tuples and dicts, and a trailing comma', () => {
    expect(parseCallSyntax("book( rooms=[1, [2, 3]], dates=('a', 'b'), guest={'name': 'Ana', 2: {\"vip\": True}}, )")).toEqual({
      ok: true,
      name: 'book',
      arguments: { rooms: [1, [2, 3]], dates: ['a', 'b'], guest: { name: 'Ana', '2': { vip: true } } },
    });
  });

  it('accepts a call without arguments and a name with spaces', () => {
    expect(parseCallSyntax('list_rooms()')).toEqual({ ok: true, name: 'list_rooms', arguments: {} });
    expect(parseCallSyntax("Customer Lookup(email='a@b.c')")).toMatchObject({ ok: true, name: 'Customer Lookup' });
  });

  it('keeps __proto__ and constructor as ordinary argument names', () => {
    const result = parseCallSyntax("f(__proto__={'polluted': True}, constructor='x')");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.arguments)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(result.arguments)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["f(a='x'", "expected ',' or ')', found the end of the text", 8],
    ["f(a='x)", 'unterminated string', 5],
    ["f('x')", "expected a keyword argument (name=value), found '''", 3],
    ['f(a, b=1)', "positional argument 'a': expected name=value", 3],
    ['f(a=1, a=2)', "argument 'a' is given twice", 8],
    ['f(a=maybe)', "unknown name 'maybe': expected a quoted string, a number, True, False or None", 5],
    ['f(a=1) extra', "expected the end of the call, found 'e'", 8],
    ['no call here', "expected '(' after the function name", 13],
    ["(a='x')", 'expected a function name before (', 1],
    ["f(a='\\u12')", 'invalid \\u escape', 6],
  ])('reports %s as "%s" at column %i', (text, error, column) => {
    expect(parseCallSyntax(text)).toMatchObject({ ok: false, error, column });
  });

  it('keeps the name of a call whose arguments do not parse', () => {
    expect(parseCallSyntax('get_booking(ref=HB-1)')).toMatchObject({ ok: false, name: 'get_booking' });
  });

  it('refuses nesting deeper than 100 levels instead of overflowing the stack', () => {
    const deep = `f(a=${'['.repeat(5000)}${']'.repeat(5000)})`;
    expect(parseCallSyntax(deep)).toMatchObject({ ok: false, error: 'nested deeper than 100 levels' });
  });
});
