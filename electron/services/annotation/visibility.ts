import { hasRole, type Caller } from '../../api/access';
import type { AnnotatorRecord } from '../../../db/queries/annotators';
import { anyTaskHidesScores, itemsWithHiddenScores } from '../../../db/queries/blindness';
import { metadataKeysOfItemsHidingScores, type BlindBrowsing } from '../../../db/queries/browse';
import { isScoreField, READING_AIDS } from '../../core/blindness/automaticScores';
import type { EventVisibility, LabelQueries } from '../../../db/queries/labels';
import { isAssigned } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { LoadedTask } from './taskContext';

/*
 * Blind stays blind (DESIGN.md §4, issue 13): in a blind task an annotator sees no other
 * rater's labels, rationales or judge outputs on an item, before or after submitting it, until
 * a lead opens the task for discussion; even then only on the items they have submitted, so
 * nothing they have yet to answer is anchored. Every method that returns labels to a labeller
 * asks here.
 */

/** Whether a lead has opened the task for discussion. */
export function discussionOpen(task: LoadedTask): boolean {
  return task.record.discussion_opened_at !== null;
}

/**
 * Whether a viewer may see other raters' labels (human or judge) on an item: always in a task
 * that is not blind; in a blind one when the viewer adjudicates or leads and is not labelling
 * the item themselves, or once the task is open for discussion and the viewer has submitted
 * the item.
 */
export function othersVisible(db: AnyDb, queries: LabelQueries, task: LoadedTask, viewer: AnnotatorRecord, raterId: number | null, itemId: number): boolean {
  if (!task.record.blind) return true;
  if (viewer.role !== 'annotator' && !isAssigned(db, task.record.id, viewer.id, itemId)) return true;
  return discussionOpen(task) && raterId !== null && queries.submittedAt(task.record.id, itemId, raterId) !== null;
}

/** The other raters whose labels on the item the viewer sees right now (recorded with every change). */
export function visibleRaterNames(queries: LabelQueries, taskId: number, itemId: number, raterId: number, visible: boolean): string[] {
  if (!visible) return [];
  return [...new Set(queries.ofItem(taskId, itemId).filter((l) => l.rater_id !== raterId).map((l) => l.rater))].sort();
}

/**
 * Of these items, those whose automatic scores (reference F1 and tiers, validator verdicts,
 * rewards from the source) the caller must not see: items of a task that hides them, for
 * anyone below adjudicator (annotators, and callers who have not said who they are).
 */
export function scoresHiddenFrom(db: AnyDb, caller: Caller, itemIds: readonly number[]): Set<number> {
  if (hasRole(caller.role, 'adjudicator')) return new Set();
  return itemsWithHiddenScores(db, itemIds);
}

/**
 * How the item list's filters and sorts read the items for a caller from whom tasks hide
 * automatic scores (the same condition as {@link scoresHiddenFrom}): on those items, only the
 * findings and metadata the caller is shown. Undefined for anyone who sees every score.
 *
 * Filters on hidden data are applied to what is shown rather than refused: the list's filter
 * bar and findings column serve annotators too (they see reading-aid counts there), and a
 * refusal for some items would itself say which items hide something.
 */
export function blindBrowsing(db: AnyDb, caller: Caller): BlindBrowsing | undefined {
  if (hasRole(caller.role, 'adjudicator') || !anyTaskHidesScores(db)) return undefined;
  return { readingAids: [...READING_AIDS], scoreKeys: metadataKeysOfItemsHidingScores(db).filter(isScoreField) };
}

/**
 * What a rater sees on an item right now, recorded with each change they make, and whether a
 * change now is a revision after discussion: a blind task's rater who sees the others' answers
 * because the task is open for discussion.
 */
export function labellingVisibility(
  db: AnyDb,
  queries: LabelQueries,
  task: LoadedTask,
  caller: Caller,
  viewer: AnnotatorRecord,
  raterId: number,
  itemId: number,
): { visible: EventVisibility; visibleRaters: string[]; revision: boolean } {
  const others = othersVisible(db, queries, task, viewer, raterId, itemId);
  const discussion = discussionOpen(task);
  const visible = { others, scores: !scoresHiddenFrom(db, caller, [itemId]).has(itemId), discussion };
  return {
    visible,
    visibleRaters: visibleRaterNames(queries, task.record.id, itemId, raterId, others),
    revision: task.record.blind === 1 && discussion && others,
  };
}
