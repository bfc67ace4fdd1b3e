import type { SopExecution } from '../../../../../electron/api/artifacts';

/** The Agent-S session a conversation payload carries, or null for any other conversation. */
export function sessionOf(payload: unknown): SopExecution | null {
  if (payload === null || typeof payload !== 'object') return null;
  const execution = (payload as { sopExecution?: unknown }).sopExecution;
  if (execution === null || typeof execution !== 'object') return null;
  const candidate = execution as Partial<SopExecution>;
  return Array.isArray(candidate.steps) && Array.isArray(candidate.outline) && candidate.rule ? (execution as SopExecution) : null;
}

/** A step as the screens number it: from 1 (its unit is `turn:<index>`, index from 0). */
export function stepNumber(index: number): number {
  return index + 1;
}

/** How an observation reads in one or a few lines: text as written, anything else as compact JSON. */
export function observationText(observation: unknown): string {
  if (observation === null || observation === undefined) return '';
  return typeof observation === 'string' ? observation : JSON.stringify(observation);
}

/** The type chips' look, one hue per environment the action talks to (Agent-S's user, API, knowledge source). */
export const ACTION_TYPE_STYLE: Record<string, { label: string; color: string; fill: string }> = {
  ask_user_input: { label: 'ask user input', color: '#2f5d8a', fill: '#eef3f9' },
  message_to_user: { label: 'message to user', color: '#2e7d4f', fill: '#eef7f1' },
  api_call: { label: 'API call', color: '#6b4fa0', fill: '#f4f0fa' },
  external_knowledge: { label: 'external knowledge', color: '#8a5a00', fill: '#fbf5e9' },
};

/** A type Accord does not know keeps its name, in grey. */
export function actionTypeStyle(type: string): { label: string; color: string; fill: string } {
  return ACTION_TYPE_STYLE[type] ?? { label: type.replace(/_/g, ' '), color: '#5f6b7a', fill: '#f3f4f6' };
}
