import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../json';
import { parseTolerantJson } from './tolerantJson';

function strictlyValid(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('parseTolerantJson', () => {
  it('keeps an integer beyond 2^53 digit for digit, in strict and in planner-written JSON (as parseJsonExactly does)', () => {
    expect(parseTolerantJson('{"account": 12345678901234567891, "n": 42}')).toMatchObject({ ok: true, value: { account: '12345678901234567891', n: 42 } });
    expect(parseTolerantJson("{ 1: {'account': 12345678901234567891, }, }")).toMatchObject({ ok: true, value: { 1: { account: '12345678901234567891' } } });
  });

  it('agrees with JSON.parse on which texts are strict JSON, and on their values', () => {
    const texts = [
      '{}', '[]', '{"a": 1}', ' {"a": [1, 2.5e-3, -0, true, false, null]} ', '"\\u00e9\\n\\"x\\""', '-12', '0.5',
      '{"a": 1,}', '[1, 2,]', '{a: 1}', "{'a': 1}", '{"a": 01}', '{"a": .5}', '{"a": +1}', '{"a": 1.}', '{"a": "\\x"}',
      '{"a": "tab\there"}', '\uFEFF{}', '{"a": True}', '{"a": NaN}', '{"a": "x"} extra', '', '   ', '{"a" 1}',
      '{"a": 1 "b": 2}', '[1,,2]', '{"a": "unterminated}', '{"a": T2S([], "x")}', '{"a": "\\u12"}', '"\\\'"',
      '{"\\u0041": 1}', '{"a": "\u2028"}', '[1e5, 1E+2, 2e-0]', '{"a": tru}', '{"a":\u00A01}',
    ];
    for (const text of texts) {
      const result = parseTolerantJson(text);
      const strict = result.ok && result.strictError === null;
      expect(strict, text).toBe(strictlyValid(text));
      if (strict) expect(result.value, text).toEqual(JSON.parse(text));
    }
  });

  it('agrees with JSON.parse on 3,000 seeded random mutations of JSON texts', () => {
    const seeds = [
      '{"1": {"query": "T2S([], \'x\')", "depends_on": []}, "2": {"query": "LLM(\'(1)\')", "depends_on": [1]}}',
      '[1, -2.5e+3, "a\\"b", {"k": [true, false, null]}, "\\u0041"]',
    ];
    const alphabet = ['"', "'", ',', ':', '{', '}', '[', ']', '\\', ' ', '1', '0', '.', '-', 'e', 'a', '\n', '\t', '\u00a0'];
    let state = 12345;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31; // seeded LCG: deterministic, so a failure reproduces
      return state % n;
    };
    for (let k = 0; k < 3000; k++) {
      let text = seeds[k % seeds.length];
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(text.length + 1);
        const op = random(3);
        const ch = alphabet[random(alphabet.length)];
        text = op === 0 ? text.slice(0, at) + text.slice(at + 1) : op === 1 ? text.slice(0, at) + ch + text.slice(at) : text.slice(0, at) + ch + text.slice(at + 1);
      }
      const result = parseTolerantJson(text);
      expect(result.ok && result.strictError === null, text).toBe(strictlyValid(text));
    }
  });

  it('reads the q-002 plan text of plans.jsonl: unquoted keys, unquoted calls, trailing comma', () => {
    const text =
      '{ 1: {"step": T2S([], "Fetch call_ids"), "depends_on": []}, 2: {"step": RAG((1), "Why?"), "depends_on": [1]}, }';
    const result = parseTolerantJson(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual({
      1: { step: 'T2S([], "Fetch call_ids")', depends_on: [] },
      2: { step: 'RAG((1), "Why?")', depends_on: [1] },
    });
    // Column 3 is the unquoted key `1` (counted by hand: "{", " ", "1").
    expect(result.strictError).toMatchObject({ line: 1, column: 3, message: 'property name 1 is not in double quotes' });
  });

  it('fails on the truncated last row of plans-generated.csv, naming the end of the text', () => {
    const text = '{ 1: {"step": T2S([], "Agents with improving tone after refund"), "depends_on": []}, ';
    const result = parseTolerantJson(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.strictError).toMatchObject({ line: 1, column: 3 });
    expect(result.error).toMatchObject({ line: 1, column: text.length + 1 });
    expect(result.error.message).toContain('unexpected end of text');
  });

  it('reports lines and columns across lines', () => {
    const result = parseTolerantJson('{\n  "a": 1,\n  b: 2\n}');
    expect(result.ok && result.strictError).toMatchObject({ line: 3, column: 3 });
    const broken = parseTolerantJson('{\n  "a": 1\n  "b": 2\n}');
    expect(!broken.ok && broken.error).toMatchObject({ line: 3, column: 3, message: 'expected "," or "}", found """' });
  });

  it('keeps nested quotes, escaped quotes and parentheses inside strings and calls', () => {
    const result = parseTolerantJson(
      String.raw`{"a": 'say "hi"', "b": "it\"s", "c": 'it\'s', "d": LLM("use (2) and (3), then ')'"), "e": T2S([], 'the customer's tone')}`,
    );
    expect(result.ok && result.value).toEqual({
      a: 'say "hi"',
      b: 'it"s',
      c: "it's",
      d: `LLM("use (2) and (3), then ')'")`,
      e: "T2S([], 'the customer's tone')",
    });
  });

  it('reads single-quoted strings holding unescaped apostrophes', () => {
    const result = parseTolerantJson("{'a': 'the customer's tone', 'b': 'x'}");
    expect(result.ok && result.value).toEqual({ a: "the customer's tone", b: 'x' });
  });

  it('keeps repeated keys and source key order in entriesOf', () => {
    const result = parseTolerantJson('{"2": "b", "1": "a", "2": "c"}');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.entriesOf(result.value as object)).toEqual([
      ['2', 'b'],
      ['1', 'a'],
      ['2', 'c'],
    ]);
    expect(Object.keys(result.value as object)).toEqual(['1', '2']); // what a plain object would give
  });

  it('maps Python literals and keeps other bare words as strings', () => {
    const result = parseTolerantJson('[True, False, None, maybe]');
    expect(result.ok && result.value).toEqual([true, false, null, 'maybe']);
    expect(result.ok && result.strictError?.message).toBe('unquoted word True where a value was expected');
  });

  it('rejects deep nesting with a clear error instead of overflowing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const result = parseTolerantJson(deep);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ line: 1, column: MAX_JSON_DEPTH + 1, message: `nested deeper than ${MAX_JSON_DEPTH} levels` });
    const deepObject = '{"a":'.repeat(50_000);
    expect(parseTolerantJson(deepObject).ok).toBe(false);
    const allowed = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseTolerantJson(allowed).ok).toBe(true);
  });

  it('treats __proto__ and constructor keys as plain data', () => {
    for (const text of ['{"__proto__": {"polluted": 1}, "constructor": 2}', "{__proto__: {polluted: 1}, constructor: 2}"]) {
      const result = parseTolerantJson(text);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const value = result.value as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.hasOwn(value, '__proto__')).toBe(true);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 1 });
      expect(value.constructor).toBe(2);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(JSON.parse(JSON.stringify(value))).toEqual(JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 2}'));
    }
  });

  it('names an unclosed call and an unclosed string', () => {
    const call = parseTolerantJson('{"step": T2S([], "x"');
    expect(!call.ok && call.error.message).toBe('the call T2S( is never closed (truncated?)');
    const string = parseTolerantJson('{"a": "never');
    expect(!string.ok && string.error).toMatchObject({ column: 7, message: 'string is never closed (truncated?)' });
  });

  it('says when the text is empty or blank', () => {
    expect(parseTolerantJson('')).toMatchObject({ ok: false, error: { message: 'the text is empty' } });
    expect(parseTolerantJson(' \n')).toMatchObject({ ok: false, error: { message: 'the text is blank' } });
  });
});
