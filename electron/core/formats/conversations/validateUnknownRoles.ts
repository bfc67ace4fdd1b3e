import type { Finding } from '../types';
import type { Turn } from './model';

/**
 * `conversation-unknown-role` (info): a message role or event type Accord does not interpret.
 * The turns are kept as they were; the finding tells the reviewer they take no part in
 * pairing, order rules or metrics. One finding per distinct role, at its first turn, so a
 * stream of a thousand heartbeat events is one line, not a thousand.
 */
export function validateUnknownRoles(turns: readonly Turn[]): Finding[] {
  const seen = new Map<string, { first: Turn; count: number }>();
  for (const turn of turns) {
    if (turn.role !== 'other' && turn.role !== 'event') continue;
    const key = `${turn.role}\u0000${turn.sourceRole}`;
    const entry = seen.get(key);
    if (entry) entry.count++;
    else seen.set(key, { first: turn, count: 1 });
  }
  return [...seen.values()].map(({ first, count }) => ({
    validator: 'conversation-unknown-role',
    severity: 'info',
    location: { turn: first.index },
    message:
      `${first.role === 'event' ? 'event type' : 'role'} '${first.sourceRole}' is not interpreted` +
      `${count > 1 ? ` (${count} turns, the first here)` : ''}; kept as is`,
  }));
}
