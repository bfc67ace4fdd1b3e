import { describe, expect, it } from 'vitest';
import { extractJson } from './extractJson';

describe('extractJson', () => {
  it('reads a reply that is JSON as a whole', () => {
    expect(extractJson(' {"verdict": "pass"} ')).toEqual({ ok: true, value: { verdict: 'pass' }, source: 'whole' });
  });

  it('reads a fenced block, skipping fences that do not parse', () => {
    const reply = 'Here you go:\n```\nnot json\n```\nand\n```json\n{"verdict": "fail"}\n```\nDone.';
    expect(extractJson(reply)).toEqual({ ok: true, value: { verdict: 'fail' }, source: 'fenced' });
  });

  it('reads the first balanced object in prose, with braces inside strings', () => {
    const reply = 'I think {this is not it}. Answer: {"rationale": "uses } and { inside", "x": {"y": 1}} — final.';
    expect(extractJson(reply)).toEqual({ ok: true, value: { rationale: 'uses } and { inside', x: { y: 1 } }, source: 'embedded' });
  });

  it('handles escaped quotes inside strings', () => {
    expect(extractJson('text {"a": "say \\"}\\" now"} more')).toMatchObject({ ok: true, value: { a: 'say "}" now' } });
  });

  it('fails with the start of the reply when there is no JSON', () => {
    const result = extractJson('I cannot judge this plan.');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/no JSON object found.*"I cannot judge this plan\."/);
    expect(extractJson('   ')).toEqual({ ok: false, error: 'the reply is empty' });
    expect(extractJson('{"unterminated": ').ok).toBe(false);
  });
});
