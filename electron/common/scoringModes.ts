/**
 * Names of the trace scoring modes (see `electron/core/formats/conversations/modeFigures.ts`),
 * as the CLI, the item view and exports print them beside each figure.
 */
export const SCORING_MODE_LABELS: Readonly<Record<string, string>> = {
  'all-calls': 'all calls',
  'state-changing': 'gold lists only state-changing calls',
  'order-free': 'order-free',
};

/** A scoring mode's name for people; an unknown mode id as written. */
export function scoringModeLabel(mode: string): string {
  return SCORING_MODE_LABELS[mode] ?? mode;
}

/**
 * The scoring mode whose Tool Call Accuracy stands for a conversation (the item list's
 * reference, the figure in bold on its page), given the modes its dataset declares:
 * `state-changing` where declared, since its gold lists only calls that change state (tau-bench)
 * and counting every call scores nearly every conversation 0 for lookups the gold never lists;
 * else none, and the plain figures stand.
 */
export function headlineMode(modes: readonly string[]): 'state-changing' | null {
  return modes.includes('state-changing') ? 'state-changing' : null;
}
