import type { ChangedStep, Plan, PlanDiff, PlanStep, StepChangeKind, StepPair, StepPairRule } from './model';
import { jaccard, normaliseArguments, normalisePrompt, normaliseTool, promptWords, stepContentKey } from './normalise';
import { resolveDependencies } from './stepGraph';

/** Word-set Jaccard similarity from which two prompts count as the same step reworded. */
export const SIMILAR_PROMPT_THRESHOLD = 0.5;

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
 *    ties to the pair closest in position;
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
  const pairInOrder = (rule: StepPairRule, same: (x: PlanStep, y: PlanStep) => boolean) => {
    for (const y of b) {
      if (pairOfB.has(y.index)) continue;
      const x = a.find((s) => !pairedA.has(s.index) && same(s, y));
      if (x) pair(x.index, y.index, rule);
    }
  };

  pairInOrder('same-content', (x, y) => stepContentKey(x) === stepContentKey(y));
  pairInOrder('same-prompt', (x, y) => normalisePrompt(x.prompt) === normalisePrompt(y.prompt));
  const candidates: { ai: number; bi: number; similarity: number }[] = [];
  for (const x of a) {
    if (pairedA.has(x.index)) continue;
    const words = promptWords(x.prompt);
    for (const y of b) {
      if (pairOfB.has(y.index)) continue;
      const similarity = jaccard(words, promptWords(y.prompt));
      if (similarity >= SIMILAR_PROMPT_THRESHOLD) candidates.push({ ai: x.index, bi: y.index, similarity });
    }
  }
  candidates.sort((p, q) => q.similarity - p.similarity || Math.abs(p.ai - p.bi) - Math.abs(q.ai - q.bi) || p.ai - q.ai || p.bi - q.bi);
  for (const c of candidates) if (!pairedA.has(c.ai) && !pairOfB.has(c.bi)) pair(c.ai, c.bi, 'similar-prompt');
  pairInOrder('same-id', (x, y) => x.id === y.id && normaliseTool(x) === normaliseTool(y));

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

function sameSet(x: string[], y: string[]): boolean {
  const a = new Set(x);
  const b = new Set(y);
  return a.size === b.size && [...a].every((v) => b.has(v));
}
