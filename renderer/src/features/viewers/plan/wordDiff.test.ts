import { describe, expect, it } from 'vitest';
import { MAX_DIFF_CELLS, wordDiff } from './wordDiff';

const join = (runs: { kind: string; text: string }[], keep: string) =>
  runs
    .filter((r) => r.kind === 'same' || r.kind === keep)
    .map((r) => r.text)
    .join('');

describe('wordDiff', () => {
  it('marks an inserted word (the example in its doc comment)', () => {
    expect(wordDiff('Fetch calls that mention a competitor', 'Fetch cancellation calls that mention a competitor')).toEqual([
      { kind: 'same', text: 'Fetch ' },
      { kind: 'added', text: 'cancellation ' },
      { kind: 'same', text: 'calls that mention a competitor' },
    ]);
  });

  it('shows a rewrite as removed text before added text (q-003 lineage, version 1 → 2, step 1)', () => {
    const before = 'List agents of interactions with a refund offer and improving tone';
    const after = 'Fetch interaction_ids where a refund was offered';
    const runs = wordDiff(before, after);
    expect(join(runs, 'added')).toBe(after);
    expect(join(runs, 'removed')).toBe(before);
    expect(runs.filter((r) => r.kind === 'same').map((r) => r.text.trim())).toEqual(['a refund']);
    expect(runs[0].kind).toBe('removed');
    expect(runs[1].kind).toBe('added');
  });

  it('returns one same run for equal prompts and handles empty ones', () => {
    expect(wordDiff('a b', 'a b')).toEqual([{ kind: 'same', text: 'a b' }]);
    expect(wordDiff('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
    expect(wordDiff('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
  });

  it('replaces the whole text instead of filling a table larger than MAX_DIFF_CELLS', () => {
    const words = Math.ceil(Math.sqrt(MAX_DIFF_CELLS)) + 1;
    const before = Array.from({ length: words }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: words }, (_, i) => (i === 0 ? 'changed' : `a${i}`)).join(' ');
    expect(wordDiff(before, after).map((r) => r.kind)).toEqual(['removed', 'added']);
  });
});
