import type { Finding } from '../types';
import type { Turn } from './model';

/**
 * `conversation-unknown-role` (info): a message role or event type Accord does not interpret.
 * The turn is kept as it was; the finding tells the reviewer it takes no part in pairing,
 * order rules or metrics.
 */
export function validateUnknownRoles(turns: readonly Turn[]): Finding[] {
  const findings: Finding[] = [];
  for (const turn of turns) {
    if (turn.role !== 'other' && turn.role !== 'event') continue;
    findings.push({
      validator: 'conversation-unknown-role',
      severity: 'info',
      location: { turn: turn.index },
      message: `${turn.role === 'event' ? 'event type' : 'role'} '${turn.sourceRole}' is not interpreted; the turn is kept as is`,
    });
  }
  return findings;
}
