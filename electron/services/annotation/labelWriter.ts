import type { EventVisibility, LabelKey, LabelQueries, LabelRecord, LabelSource, StoredAnswer } from '../../../db/queries/labels';
import { newEventUid, sameStored } from './taskContext';

/** One change to a label, from any source (screen, file, pack, judge). */
export interface LabelChange {
  key: LabelKey;
  /** The new answer; null removes the label. */
  answer: StoredAnswer | null;
  action: 'set' | 'clear' | 'undo';
  source: LabelSource;
  /** Rater names whose labels were visible when the change was made; null when not recorded. */
  visibleRaters: string[] | null;
  /** What the rater saw when making the change (others' answers, automatic scores, discussion); null when not recorded. */
  visible?: EventVisibility | null;
  /** Seconds spent on this change (added to the label's total). */
  secondsSpent: number;
  /** When the rater made the change; now by default. */
  madeAt?: string;
  undoesEventId?: number | null;
  /** Record the event even when the answer does not change (an undo must leave a trace). */
  force?: boolean;
  /**
   * The label as it stands, when the caller has just read it in the same write (null: there is
   * none); read here when absent. Saves a statement per save (a round trip on PostgreSQL).
   */
  current?: LabelRecord | null;
}

/**
 * Applies one change the way every writer must: the current label and an event in
 * `label_events` (with the answer it replaced, which undo restores) change together. A change
 * to the answer the label already has records nothing, unless it confirms a label made on an
 * earlier version of the item. Both record the item's version (db/queries/labels.ts). Call
 * inside a transaction.
 *
 * @returns whether anything changed, and the new event's id.
 */
export function applyLabelChange(queries: LabelQueries, change: LabelChange): { changed: boolean; eventId: number | null } {
  const current = change.current === undefined ? queries.get(change.key) : (change.current ?? undefined);
  const previous: StoredAnswer | null = current ? { value: current.value, na: current.na === 1, rationale: current.rationale } : null;
  const same = change.answer === null ? previous === null : previous !== null && sameStored(previous, change.answer);
  // The same answer saved again on a label made on an earlier version of the item confirms it on
  // this one (an event records it). A labels file saying the same does not: it does not say
  // which version its rater saw.
  const confirmsVersion = current?.earlier_version === 1 && change.answer !== null && change.source !== 'csv' && change.source !== 'jsonl';
  if (same && !change.force && !confirmsVersion) {
    return { changed: false, eventId: null };
  }
  const madeAt = change.madeAt ?? new Date().toISOString();
  const eventId = queries.insertEvent({
    uid: newEventUid(),
    key: change.key,
    action: change.action,
    answer: change.answer,
    secondsSpent: change.secondsSpent,
    previous,
    undoesEventId: change.undoesEventId ?? null,
    visibleRaters: change.visibleRaters,
    visible: change.visible ?? null,
    source: change.source,
    madeAt,
  });
  if (change.answer === null) queries.remove(change.key);
  else queries.put(change.key, change.answer, eventId, madeAt, (current?.seconds_spent ?? 0) + change.secondsSpent);
  return { changed: true, eventId };
}
