import type { ContinuationRule, SopStep } from './model';

/**
 * Applies the continuation rule of Agent-S session review: "once the agent continued past a
 * failed step, every later step of the session is incorrect".
 *
 * Agent-S is fault tolerant in two ways (Kulkarni 2025, §3): after a failed action it repeats
 * the action, or it seeks input from an external knowledge source. So a failed step is
 * *handled* when the very next step repeats the same action (same name) or is of type
 * `external_knowledge`; the agent *continued past* it when the next step is anything else.
 * The first failed step continued past rules every step after it incorrect (the failed step
 * itself is judged by the annotators: the action may have been right and the API down). A
 * failed last step has nothing after it; a retry that fails again is a failed step in turn.
 *
 * Steps are numbered from 1 in the reason (as the screens show them), from 0 in `failedStep`
 * and `ruledSteps` (their turn indices).
 *
 * @example steps success, fail(pay), api_call(refund) → failedStep 1, ruledSteps [2]
 */
export function continuationRule(steps: readonly Pick<SopStep, 'index' | 'action' | 'type' | 'status'>[]): ContinuationRule {
  for (let i = 0; i + 1 < steps.length; i++) {
    const failed = steps[i]!;
    if (failed.status !== 'fail') continue;
    const next = steps[i + 1]!;
    if (next.action === failed.action || next.type === 'external_knowledge') continue;
    const ruledSteps = steps.slice(i + 1).map((s) => s.index);
    return {
      failedStep: failed.index,
      ruledSteps,
      reason:
        `the agent continued past failed step ${failed.index + 1} (${failed.action}) without repeating it or consulting external knowledge, ` +
        `so every later step of the session is incorrect`,
    };
  }
  return { failedStep: null, ruledSteps: [], reason: null };
}
