import type { AnnotatorProgress, Queue, QueueEntry, QueueStatus } from '../../api/contract';
import { raterOfAnnotator, type AnnotatorRecord } from '../../../db/queries/annotators';
import { isTaskAnnotator, queueOf, secondsSpent, setSkipped, type QueueRecord } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { callerPerson } from './access';
import { loadTask, loadWritableTask, type LoadedTask } from './taskContext';

function statusOf(row: QueueRecord): QueueStatus {
  if (row.submitted_at) return 'submitted';
  if (row.skipped_at) return 'skipped';
  return row.labels > 0 ? 'started' : 'todo';
}

function toEntry(row: QueueRecord): QueueEntry {
  return {
    position: row.position,
    itemId: row.item_id,
    externalId: row.external_id,
    dataset: row.dataset,
    kind: row.kind,
    status: statusOf(row),
    labels: row.labels,
  };
}

/** An annotator's queue entries in seeded order. @throws NotFoundError when the annotator is not on the task. */
export function queueEntries(db: AnyDb, task: LoadedTask, annotator: AnnotatorRecord): QueueEntry[] {
  if (!isTaskAnnotator(db, task.record.id, annotator.id)) {
    throw new NotFoundError(`${annotator.name} is not an annotator of task "${task.record.name}" (add them with tasks.assign)`);
  }
  return queueOf(db, task.record.id, annotator.id, raterOfAnnotator(db, annotator.id)?.id ?? null).map(toEntry);
}

/**
 * The next item to work on after `afterItemId` (from the start when undefined): the next
 * entry neither submitted nor skipped in queue order, wrapping around; then the first
 * skipped one; null when everything is submitted.
 */
export function nextEntry(entries: readonly QueueEntry[], afterItemId?: number): QueueEntry | null {
  const at = afterItemId === undefined ? -1 : entries.findIndex((e) => e.itemId === afterItemId);
  const rotated = [...entries.slice(at + 1), ...entries.slice(0, at + 1)];
  const open = rotated.find((e) => e.status === 'todo' || e.status === 'started');
  if (open) return open;
  return entries.find((e) => e.status === 'skipped' && e.itemId !== afterItemId) ?? entries.find((e) => e.status === 'skipped') ?? null;
}

/** Progress figures of a list of queue entries. */
export function progressOf(annotator: AnnotatorRecord, entries: readonly QueueEntry[], secondsSpent: number): AnnotatorProgress {
  const count = (status: QueueStatus) => entries.filter((e) => e.status === status).length;
  return {
    name: annotator.name,
    role: annotator.role,
    assigned: entries.length,
    submitted: count('submitted'),
    started: count('started'),
    skipped: count('skipped'),
    remaining: count('todo') + count('started'),
    labels: entries.reduce((sum, e) => sum + e.labels, 0),
    secondsSpent,
  };
}

/** The caller's whole queue with where to resume and their progress. */
export function getQueue(ctx: ServiceContext, taskRef: string | number): Queue {
  const task = loadTask(ctx.sql, taskRef);
  const annotator = callerPerson(ctx);
  const entries = queueEntries(ctx.sql, task, annotator);
  const rater = raterOfAnnotator(ctx.sql, annotator.id);
  const seconds = rater ? secondsSpent(ctx.sql, task.record.id, rater.id) : 0;
  return { task: task.record.name, annotator: annotator.name, entries, current: nextEntry(entries), progress: progressOf(annotator, entries, seconds) };
}

/** See `queue.next` in the contract. */
export function queueNext(ctx: ServiceContext, taskRef: string | number, after?: number): QueueEntry | null {
  const task = loadTask(ctx.sql, taskRef);
  return nextEntry(queueEntries(ctx.sql, task, callerPerson(ctx)), after);
}

/** See `queue.previous` in the contract. */
export function queuePrevious(ctx: ServiceContext, taskRef: string | number, before: number): QueueEntry | null {
  const task = loadTask(ctx.sql, taskRef);
  const annotator = callerPerson(ctx);
  const entries = queueEntries(ctx.sql, task, annotator);
  const at = entries.findIndex((e) => e.itemId === before);
  if (at < 0) throw new NotFoundError(`item ${before} is not in ${annotator.name}'s queue`);
  return at === 0 ? null : entries[at - 1];
}

/** Puts an item aside and returns the next one. */
export async function skipItem(ctx: ServiceContext, taskRef: string | number, itemId: number): Promise<{ next: QueueEntry | null }> {
  const { next, changed } = await ctx.sqlWrite((db) => {
    const task = loadWritableTask(db, taskRef);
    const annotator = callerPerson(ctx, db);
    const before = queueEntries(db, task, annotator);
    const entry = before.find((e) => e.itemId === itemId);
    if (!entry) throw new NotFoundError(`item ${itemId} is not in ${annotator.name}'s queue`);
    if (entry.status !== 'submitted') setSkipped(db, task.record.id, annotator.id, itemId, true);
    return { next: nextEntry(queueEntries(db, task, annotator), itemId), changed: entry.status !== 'submitted' && entry.status !== 'skipped' };
  });
  // Progress shown elsewhere (the task page, another window) counts skipped items.
  if (changed) ctx.emit('workspace.changed', { what: 'labels' });
  return { next };
}
