import type { Plan, PlanStep } from '../../formats/plans/model';

/**
 * A plan as a judge reads it: one numbered line per step, the call as written, then what it
 * depends on. An unreadable plan is shown as its raw text with the reason, because "the plan
 * is not valid JSON" is itself something a judge must see.
 *
 * @example planText(plan)
 *   // 'Step 1: T2S([], \'Count calls\')\n  depends on: nothing\nStep 2: LLM(\'Summarise (1)\')\n  depends on: step 1'
 */
export function planText(plan: Plan): string {
  if (plan.parseStatus === 'invalid') {
    const reason = plan.readError ? `: ${plan.readError.message}` : '';
    return `(The plan could not be read${reason}. Its text as written:)\n${plan.rawText ?? '(no text)'}`;
  }
  if (plan.steps.length === 0) return '(The plan has no steps.)';
  const note = plan.parseStatus === 'tolerant' ? '(Note: the plan as written is not valid JSON; it was read tolerantly.)\n' : '';
  return note + plan.steps.map(stepText).join('\n');
}

/** One step: `Step 2: RAG((1), 'Why…')` and its dependencies. */
export function stepText(step: PlanStep): string {
  const depends = step.dependsOn.length === 0 ? 'nothing' : step.dependsOn.map((id) => `step ${id}`).join(', ');
  return `Step ${step.id}: ${step.text}\n  depends on: ${depends}`;
}

/** Plan versions, weakest first, each under its own heading. */
export function lineageText(lineage: readonly Plan[]): string {
  if (lineage.length === 0) return '(No earlier versions.)';
  return lineage
    .map((plan, i) => {
      const tag = i === 0 ? ' (weakest)' : i === lineage.length - 1 ? ' (best)' : '';
      return `Version ${i + 1} of ${lineage.length}${tag}:\n${planText(plan)}`;
    })
    .join('\n\n');
}
