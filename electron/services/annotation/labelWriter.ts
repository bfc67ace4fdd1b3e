import { taskLabelKeyText, type EventVisibility, type LabelEventWrite, type LabelKey, type LabelPut, type LabelQueries, type LabelRecord, type LabelSource, type StoredAnswer } from '../../../db/queries/labels';
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

/** What applying a change did: whether anything changed, the new event's id, and the label it found. */
export interface AppliedChange {
  changed: boolean;
  eventId: number | null;
  /** The label as it stood before the change (undefined: there was none). */
  before: LabelRecord | undefined;
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
  const [{ changed, eventId }] = applyLabelChanges(queries, [change]);
  return { changed, eventId };
}

/**
 * {@link applyLabelChange} for many changes of one task, each label at most once, in a few
 * statements: the current labels read together, the events appended together, the labels put
 * together (a labels file's 360,000 rows were four statements each, a round trip apiece on
 * PostgreSQL). The same rules, change by change.
 */
export function applyLabelChanges(queries: LabelQueries, changes: readonly LabelChange[]): AppliedChange[] {
  const texts = changes.map((change) => taskLabelKeyText(change.key));
  if (new Set(texts).size !== texts.length) throw new Error('applyLabelChanges: a label changes at most once per call');
  const unread = changes.filter((change) => change.current === undefined).map((change) => change.key);
  const read = unread.length > 0 ? queries.getMany(unread) : new Map<string, LabelRecord>();
  const events: LabelEventWrite[] = [];
  const planned = changes.map((change, i) => {
    const current = change.current === undefined ? read.get(texts[i]) : (change.current ?? undefined);
    const previous: StoredAnswer | null = current ? { value: current.value, na: current.na === 1, rationale: current.rationale } : null;
    const same = change.answer === null ? previous === null : previous !== null && sameStored(previous, change.answer);
    // The same answer saved again on a label made on an earlier version of the item confirms it on
    // this one (an event records it). A labels file saying the same does not: it does not say
    // which version its rater saw.
    const confirmsVersion = current?.earlier_version === 1 && change.answer !== null && change.source !== 'csv' && change.source !== 'jsonl';
    if (same && !change.force && !confirmsVersion) return { change, current, event: null };
    const event: LabelEventWrite = {
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
      madeAt: change.madeAt ?? new Date().toISOString(),
    };
    events.push(event);
    return { change, current, event };
  });
  const ids = events.length > 0 ? queries.insertEvents(events) : new Map<string, number>();
  const puts: LabelPut[] = [];
  const applied = planned.map(({ change, current, event }): AppliedChange => {
    if (!event) return { changed: false, eventId: null, before: current };
    const eventId = ids.get(event.uid)!;
    if (change.answer === null) queries.remove(change.key);
    else puts.push({ key: change.key, fresh: current === undefined, answer: change.answer, eventId, madeAt: event.madeAt, seconds: (current?.seconds_spent ?? 0) + change.secondsSpent });
    return { changed: true, eventId, before: current };
  });
  if (puts.length > 0) queries.putMany(puts);
  return applied;
}
