import type { TaskDetail } from '../../../../electron/api/contract';
import { formatCount, plural } from '../../common/format';

/** The task page's line under its name: schema, items, complete items and gold labels, each counted in the right number. */
export function taskFigures(task: Pick<TaskDetail, 'schemaTitle' | 'schemaVersion' | 'itemCount' | 'completeItems' | 'goldCount'>): string {
  return `${task.schemaTitle} v${task.schemaVersion} · ${plural(task.itemCount, 'item')} · ${formatCount(task.completeItems)} complete · ${plural(task.goldCount, 'gold label')}`;
}
