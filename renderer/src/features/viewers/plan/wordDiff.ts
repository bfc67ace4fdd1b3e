/** One run of a word-level diff: text kept, removed from the old side, or added on the new. */
export interface DiffRun {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Largest table the exact diff fills (old words × new words); beyond it the whole text is replaced. */
export const MAX_DIFF_CELLS = 250_000;

/**
 * A word-level diff of two prompts (longest common subsequence of words), as runs in reading
 * order with the whitespace kept: joining the `same` and `added` runs gives `after`, and the
 * `same` and `removed` runs give `before` up to the spacing between words. Inside a change the
 * removed text comes before the added text.
 *
 * @example
 * wordDiff('Fetch calls that mention a competitor', 'Fetch cancellation calls that mention a competitor')
 * // → same 'Fetch ', added 'cancellation ', same 'calls that mention a competitor'
 */
export function wordDiff(before: string, after: string): DiffRun[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_DIFF_CELLS) return merge([...a.map((t) => ({ kind: 'removed' as const, text: t })), ...b.map((t) => ({ kind: 'added' as const, text: t }))]);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..] (words only).
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = same(a[i], b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const runs: DiffRun[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && same(a[i], b[j])) {
      runs.push({ kind: 'same', text: b[j] });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lcs[i + 1][j] >= lcs[i][j + 1])) {
      runs.push({ kind: 'removed', text: a[i++] });
    } else {
      runs.push({ kind: 'added', text: b[j++] });
    }
  }
  return merge(runs);
}

/** Words with their trailing whitespace, so a run keeps the spacing it was written with. */
function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Two tokens are the same word when they differ only in trailing whitespace. */
function same(x: string, y: string): boolean {
  return x.trimEnd() === y.trimEnd();
}

/**
 * Joins neighbouring runs of one kind; inside a change (the runs between two kept ones) all
 * removed text comes first, then all added text, which reads as "this became that".
 */
function merge(runs: DiffRun[]): DiffRun[] {
  const out: DiffRun[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    removed = '';
    added = '';
  };
  for (const run of runs) {
    if (run.kind === 'removed') removed += run.text;
    else if (run.kind === 'added') added += run.text;
    else {
      flush();
      const last = out[out.length - 1];
      if (last && last.kind === 'same') last.text += run.text;
      else out.push({ ...run });
    }
  }
  flush();
  return out;
}
