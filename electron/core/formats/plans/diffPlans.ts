import type { ChangedStep, Plan, PlanDiff, PlanStep, StepChangeKind, StepPair, StepPairRule } from './model';
import { jaccard, normaliseArguments, normalisePrompt, normaliseTool, promptWords, stepContentKey } from './normalise';
import { resolveDependencies } from './stepGraph';

/** Word-set Jaccard similarity from which two prompts count as the same step reworded. */
export const SIMILAR_PROMPT_THRESHOLD = 0.5;

/** Most step pairs the similar-prompt rule compares (e.g. 500 × 500 unpaired steps). */
export const MAX_SIMILARITY_PAIRS = 250_000;

/**
 * The step-level difference between two plan versions (typically consecutive lineage
 * versions), for the viewer's diff.
 *
 * **Pairing.** Steps are paired by content first, because versions renumber their steps (a
 * step inserted at 3 turns the old 3 into 4). Each rule pairs only steps left unpaired by the
 * rules before it, one-to-one:
 * 1. `same-content`: same tool and same normalised prompt (normalisePrompt, placeholders
 *    `(k)` compared as `(#)`); taken in `to` order, each with the first such `from` step;
 * 2. `same-prompt`: same normalised prompt, another tool (the tool was corrected);
 * 3. `similar-prompt`: word-set Jaccard similarity of the prompts ≥
 *    {@link SIMILAR_PROMPT_THRESHOLD} (the prompt was reworded), most similar pairs first,
 *    ties to the pair closest in position (skipped beyond {@link MAX_SIMILARITY_PAIRS} pairs);
 * 4. `same-id`: same step id and same tool (the step at that position was rewritten).
 * Steps still unpaired are `removed` (from `from`) or `added` (in `to`).
 *
 * **Changes** of a pair: `tool` (differs ignoring case), `prompt` (normalised prompts differ),
 * `arguments` (differ with step numbers ignored), `depends_on` (the `from` step's
 * dependencies, mapped through the pairing, are not the `to` step's). A pair without changes is
 * `unchanged`. Plans that could not be read have no steps, so everything is added or removed.
 *
 * @example
 * // from: 1 T2S 'fetch ids', 2 T2S((1), 'list agents')
 * // to:   1 T2S 'fetch ids', 2 LLM((1), 'extract ids'), 3 T2S((2), 'list agents')
 * // → unchanged 1→1; changed 2→3 [depends_on] (now on the new step); added 2
 */
export function diffPlans(from: Plan, to: Plan): PlanDiff {
  const a = from.steps;
  const b = to.steps;
  const pairOfB = new Map<number, { a: number; rule: StepPairRule }>();
  const pairedA = new Set<number>();
  const pair = (ai: number, bi: number, rule: StepPairRule) => {
    pairOfB.set(bi, { a: ai, rule });
    pairedA.add(ai);
  };
  // Pairs each unpaired `to` step, in order, with the first unpaired `from` step of equal key.
  const pairInOrder = (rule: StepPairRule, key: (s: PlanStep) => string) => {
    const waiting = new Map<string, number[]>();
    for (const x of a) {
      if (pairedA.has(x.index)) continue;
      const k = key(x);
      const list = waiting.get(k);
      if (list) list.push(x.index);
      else waiting.set(k, [x.index]);
    }
    for (const y of b) {
      if (pairOfB.has(y.index)) continue;
      const ai = waiting.get(key(y))?.shift();
      if (ai !== undefined) pair(ai, y.index, rule);
    }
  };

  pairInOrder('same-content', stepContentKey);
  pairInOrder('same-prompt', (s) => normalisePrompt(s.prompt));
  pairSimilarPrompts(a.filter((x) => !pairedA.has(x.index)), b.filter((y) => !pairOfB.has(y.index)), pair);
  pairInOrder('same-id', (s) => `${s.id}\u0000${normaliseTool(s)}`);

  const bOfA = new Map([...pairOfB].map(([bi, p]) => [p.a, bi]));
  const depsA = resolveDependencies(a);
  const depsB = resolveDependencies(b);
  const changed: ChangedStep[] = [];
  const unchanged: StepPair[] = [];
  for (const y of b) {
    const p = pairOfB.get(y.index);
    if (!p) continue;
    const x = a[p.a];
    const mapped = depsA[x.index].map((t, k) => (t === null ? `?${x.dependsOn[k]}` : bOfA.has(t) ? `#${bOfA.get(t)}` : `gone${t}`));
    const own = depsB[y.index].map((t, k) => (t === null ? `?${y.dependsOn[k]}` : `#${t}`));
    const changes: StepChangeKind[] = [];
    if (normaliseTool(x) !== normaliseTool(y)) changes.push('tool');
    if (normalisePrompt(x.prompt) !== normalisePrompt(y.prompt)) changes.push('prompt');
    if (normaliseArguments(x) !== normaliseArguments(y)) changes.push('arguments');
    if (!sameSet(mapped, own)) changes.push('depends_on');
    const stepPair: StepPair = { from: { index: x.index, id: x.id }, to: { index: y.index, id: y.id }, matchedBy: p.rule };
    if (changes.length > 0) changed.push({ ...stepPair, changes });
    else unchanged.push(stepPair);
  }
  return {
    added: b.filter((y) => !pairOfB.has(y.index)).map((y) => ({ index: y.index, id: y.id })),
    removed: a.filter((x) => !pairedA.has(x.index)).map((x) => ({ index: x.index, id: x.id })),
    changed,
    unchanged,
  };
}

/**
 * Rule 3: pairs reworded prompts, most similar first. Skipped when more than
 * {@link MAX_SIMILARITY_PAIRS} pairs would be compared (only hostile input has plans that
 * large; the steps then fall through to the same-id rule).
 */
function pairSimilarPrompts(a: PlanStep[], b: PlanStep[], pair: (ai: number, bi: number, rule: StepPairRule) => void): void {
  if (a.length * b.length > MAX_SIMILARITY_PAIRS) return;
  const wordsB = b.map((y) => promptWords(y.prompt));
  const candidates: { ai: number; bi: number; similarity: number }[] = [];
  for (const x of a) {
    const words = promptWords(x.prompt);
    b.forEach((y, k) => {
      const similarity = jaccard(words, wordsB[k]);
      if (similarity >= SIMILAR_PROMPT_THRESHOLD) candidates.push({ ai: x.index, bi: y.index, similarity });
    });
  }
  candidates.sort((p, q) => q.similarity - p.similarity || Math.abs(p.ai - p.bi) - Math.abs(q.ai - q.bi) || p.ai - q.ai || p.bi - q.bi);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  for (const c of candidates) {
    if (usedA.has(c.ai) || usedB.has(c.bi)) continue;
    usedA.add(c.ai);
    usedB.add(c.bi);
    pair(c.ai, c.bi, 'similar-prompt');
  }
}

function sameSet(x: string[], y: string[]): boolean {
  const a = new Set(x);
  const b = new Set(y);
  return a.size === b.size && [...a].every((v) => b.has(v));
}
