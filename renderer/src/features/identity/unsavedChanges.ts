import type { UnsavedChange } from '../../api/teamSession';
import type { RefusedCall } from '../../api/transport';


/** The label change a refused call carried, or null for any other call (reads lose nothing). */
export function unsavedChangeOf(call: RefusedCall): UnsavedChange | null {
  if (call.method !== 'labels.save' && call.method !== 'labels.clear') return null;
  const args = call.args as { itemId: number; unit?: string; question: string; value?: unknown; na?: boolean; rationale?: string | null };
  const answer = call.method === 'labels.clear' ? '(cleared)' : args.na ? 'N/A' : Array.isArray(args.value) ? args.value.join(', ') : String(args.value ?? '(none)');
  return { itemId: args.itemId, unit: args.unit ?? '', question: args.question, answer, rationale: args.rationale?.trim() ? args.rationale : null };
}

/** Adds a refused change to those kept, the latest change of one answer replacing an earlier one. */
export function withUnsaved(kept: readonly UnsavedChange[], change: UnsavedChange | null): UnsavedChange[] {
  if (!change) return [...kept];
  const same = (c: UnsavedChange) => c.itemId === change.itemId && c.unit === change.unit && c.question === change.question;
  return [...kept.filter((c) => !same(c)), change];
}

/** One line per unsaved answer: where it was given, and what. */
export function unsavedText(change: UnsavedChange): string {
  const where = `item ${change.itemId}${change.unit ? `, ${change.unit}` : ''}, question “${change.question}”`;
  return `${where}: ${change.answer}${change.rationale ? ` — rationale: “${change.rationale}”` : ''}`;
}
