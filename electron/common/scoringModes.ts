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
