import type { SopExecution } from '../../formats/sopSessions/model';

/**
 * An Agent-S session's execution memory as a judge reads it: one line per step with its turn
 * (the unit id a per-step answer names), the state the agent chose, the action's type and name,
 * whether it succeeded and what came back; the steps the continuation rule makes incorrect say so.
 *
 * @example "[turn 1] state 2 · api_call get_payment_status → fail\n    observation: {\"error\":\"timeout\"}"
 */
export function executionMemoryText(session: SopExecution): string {
  const ruled = new Set(session.rule.ruledSteps);
  return session.steps
    .map((step) => {
      const observation = typeof step.observation === 'string' ? step.observation : JSON.stringify(step.observation);
      const head = `[turn ${step.index}] state ${step.state ?? '(none given)'} · ${step.type} ${step.action} → ${step.status}`;
      return `${head}${ruled.has(step.index) ? ' (incorrect by rule: the agent continued past a failed step)' : ''}\n    observation: ${observation}`;
    })
    .join('\n');
}
