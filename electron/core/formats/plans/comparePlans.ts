import type { Plan, PlanComparison, StepMatch, StepRef } from './model';
import { stepContentKey } from './normalise';
import { tierForF1 } from './planTier';
import { resolveDependencies } from './stepGraph';

/**
 * Step-level precision, recall and F1 of a plan against its gold plan, and the tier F1 maps
 * to (DESIGN.md §3).
 *
 * **Matching.** A plan step matches a gold step when both call the same tool (case-insensitive)
 * with the same prompt after normalisation (normalisePrompt: case, spacing, curly quotes and
 * trailing punctuation ignored; step placeholders `(k)` compared as `(#)`, since step numbers
 * differ between plans; `(query)` kept). Ids, positional arguments and `depends_on` do not
 * take part; whether a match's dependencies agree is reported per match
 * ({@link StepMatch.sameDependencies}) but does not change the scores. Matching is one-to-one:
 * plan steps are taken in order and each takes the first gold step with the same content not
 * yet taken, so a prompt repeated twice in the plan but once in gold matches once. (Because
 * the match relation is an equivalence, this greedy pass finds a largest matching.)
 *
 * **Scores.** With m matches, p plan steps and g gold steps: precision = m / p,
 * recall = m / g, F1 = 2m / (p + g) (equal to 2PR / (P + R) whenever both are defined).
 * - gold plan unreadable (parse status `invalid`) or without steps: all scores and the tier are
 *   `null`, with the reason;
 * - plan unreadable: recall 0, F1 0, precision `null`, tier Extremely Bad ("an invalid plan is
 *   Extremely Bad");
 * - plan readable but empty: precision `null`, recall 0, F1 0, tier Extremely Bad.
 * A plan read tolerantly (not strict JSON, but understood) is scored like any other.
 *
 * @example
 * // gold: T2S 'a', RAG 'b', LLM 'c'; plan: T2S 'A.', LLM 'd' → m = 1, p = 2, g = 3
 * // precision 1/2, recall 1/3, F1 2/5 = 40 % → 'Bad'
 */
export function comparePlans(plan: Plan, gold: Plan): PlanComparison {
  const planSteps = plan.steps.length;
  const goldSteps = gold.steps.length;
  const none = { matches: [], unmatchedPlan: plan.steps.map(ref), unmatchedGold: gold.steps.map(ref) };
  if (gold.parseStatus === 'invalid' || goldSteps === 0) {
    const reason = gold.parseStatus === 'invalid' ? 'the gold plan could not be read' : 'the gold plan has no steps';
    return { planSteps, goldSteps, matchedSteps: 0, precision: null, recall: null, f1: null, tier: null, reason, ...none };
  }
  if (plan.parseStatus === 'invalid' || planSteps === 0) {
    const reason =
      plan.parseStatus === 'invalid'
        ? 'the plan could not be read; an unreadable plan is Extremely Bad'
        : 'the plan has no steps';
    return { planSteps, goldSteps, matchedSteps: 0, precision: null, recall: 0, f1: 0, tier: 'Extremely Bad', reason, ...none };
  }

  const goldByKey = new Map<string, number[]>();
  for (const step of gold.steps) {
    const key = stepContentKey(step);
    const list = goldByKey.get(key);
    if (list) list.push(step.index);
    else goldByKey.set(key, [step.index]);
  }
  const goldFor = new Map<number, number>(); // plan index → gold index
  for (const step of plan.steps) {
    const candidates = goldByKey.get(stepContentKey(step));
    const taken = candidates?.shift();
    if (taken !== undefined) goldFor.set(step.index, taken);
  }

  const planDeps = resolveDependencies(plan.steps);
  const goldDeps = resolveDependencies(gold.steps);
  const matches: StepMatch[] = [...goldFor].map(([p, g]) => ({
    plan: ref(plan.steps[p]),
    gold: ref(gold.steps[g]),
    sameDependencies: sameTargets(planDeps[p].map((t) => (t === null ? null : (goldFor.get(t) ?? null))), goldDeps[g]),
  }));
  const matchedGold = new Set(goldFor.values());
  const m = matches.length;
  const f1 = (2 * m) / (planSteps + goldSteps);
  return {
    planSteps,
    goldSteps,
    matchedSteps: m,
    precision: m / planSteps,
    recall: m / goldSteps,
    f1,
    tier: tierForF1(f1),
    reason: null,
    matches,
    unmatchedPlan: plan.steps.filter((s) => !goldFor.has(s.index)).map(ref),
    unmatchedGold: gold.steps.filter((s) => !matchedGold.has(s.index)).map(ref),
  };
}

function ref(step: { index: number; id: string }): StepRef {
  return { index: step.index, id: step.id };
}

/** Equal as sets, where an unresolved or unmatched dependency (`null`) never equals anything. */
function sameTargets(mapped: (number | null)[], gold: (number | null)[]): boolean {
  if (mapped.includes(null) || gold.includes(null)) return false;
  const a = new Set(mapped);
  const b = new Set(gold);
  return a.size === b.size && [...a].every((t) => b.has(t));
}
