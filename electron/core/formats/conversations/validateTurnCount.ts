import type { Finding } from '../types';
import type { Turn } from './model';

/** Default turn limit above which a conversation is flagged (a runaway or merged dialogue). */
export const DEFAULT_MAX_TURNS = 200;

/**
 * Turn count rules: `conversation-empty` (error) when there is no turn at all;
 * `conversation-turn-limit` (warning) when there are more than `maxTurns` turns.
 */
export function validateTurnCount(turns: readonly Turn[], maxTurns: number = DEFAULT_MAX_TURNS): Finding[] {
  if (turns.length === 0) {
    return [{ validator: 'conversation-empty', severity: 'error', location: null, message: 'the conversation has no turns' }];
  }
  if (turns.length > maxTurns) {
    return [
      {
        validator: 'conversation-turn-limit',
        severity: 'warning',
        location: null,
        message: `the conversation has ${turns.length} turns, more than the limit of ${maxTurns}`,
      },
    ];
  }
  return [];
}
