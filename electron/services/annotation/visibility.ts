import type { AnnotatorRecord } from '../../../db/queries/annotators';
import type { LabelQueries } from '../../../db/queries/labels';
import { isAssigned } from '../../../db/queries/tasks';
import type { Db } from '../../../db/workspace';
import type { LoadedTask } from './taskContext';

/**
 * Whether a viewer may see other raters' labels (human or judge) on an item (DESIGN.md §4,
 * blind by default): always in a task that is not blind; otherwise once the viewer has
 * submitted the item, or when the viewer adjudicates or leads and is not labelling the item
 * themselves.
 */
export function othersVisible(db: Db, queries: LabelQueries, task: LoadedTask, viewer: AnnotatorRecord, raterId: number | null, itemId: number): boolean {
  if (!task.record.blind) return true;
  if (raterId !== null && queries.submittedAt(task.record.id, itemId, raterId) !== null) return true;
  return viewer.role !== 'annotator' && !isAssigned(db, task.record.id, viewer.id, itemId);
}

/** The other raters whose labels on the item the viewer sees right now (recorded with every change). */
export function visibleRaterNames(queries: LabelQueries, taskId: number, itemId: number, raterId: number, visible: boolean): string[] {
  if (!visible) return [];
  return [...new Set(queries.ofItem(taskId, itemId).filter((l) => l.rater_id !== raterId).map((l) => l.rater))].sort();
}
