import type { LabelSchema } from '../../../../electron/api/labelSchemas';

/**
 * Whether a task's schema asks the Agent-S step questions the report reads: `state` and
 * `action`, correct/incorrect per turn (the `agent-s-step-review` preset does).
 */
export function asksStepReview(schema: LabelSchema): boolean {
  return ['state', 'action'].every((id) => schema.questions.some((q) => q.id === id && q.scope === 'turn' && q.type === 'binary'));
}
