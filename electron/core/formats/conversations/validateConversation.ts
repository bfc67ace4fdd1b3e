import type { Finding } from '../types';
import type { Conversation } from './model';
import { validateExpectedTerminations } from './validateExpectedTerminations';
import { validateRoleOrder } from './validateRoleOrder';
import { validateToolArguments } from './validateToolArguments';
import { validateToolPairing } from './validateToolPairing';
import { DEFAULT_MAX_TURNS, validateTurnCount } from './validateTurnCount';
import { validateUnknownRoles } from './validateUnknownRoles';

/** Settings of the conversation validators. */
export interface ConversationValidationOptions {
  /** Turn count above which `conversation-turn-limit` warns (default {@link DEFAULT_MAX_TURNS}). */
  maxTurns?: number;
}

/** Runs every conversation validator (each documents its rules and ids) over a parsed conversation. */
export function validateConversation(conversation: Conversation, options: ConversationValidationOptions = {}): Finding[] {
  const { turns } = conversation;
  return [
    ...validateTurnCount(turns, options.maxTurns ?? DEFAULT_MAX_TURNS),
    ...validateToolPairing(turns),
    ...validateRoleOrder(turns),
    ...validateToolArguments(turns),
    ...validateUnknownRoles(turns),
    ...validateExpectedTerminations(conversation),
  ];
}
