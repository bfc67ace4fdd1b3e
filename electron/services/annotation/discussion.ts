import type { TaskDetail } from '../../api/contract';
import { setTaskDiscussion, setTaskHidesScores } from '../../../db/queries/blindness';
import type { ServiceContext } from '../context';
import { InvalidInputError } from '../errors';
import { loadTask } from './taskContext';
import { taskDetail } from './tasks';

/** Opens or closes a task for discussion (see `tasks.setDiscussion`). */
export async function setDiscussion(ctx: ServiceContext, ref: string | number, open: boolean): Promise<TaskDetail> {
  const detail = await ctx.sqlWrite((db): TaskDetail => {
    const task = loadTask(db, ref);
    if (open && task.record.blind !== 1) throw new InvalidInputError(`task "${task.record.name}" is not blind: its annotators already see each other's labels`);
    // Opening again keeps the first opening's time: revisions are counted from there.
    if (!open || task.record.discussion_opened_at === null) setTaskDiscussion(db, task.record.id, open ? { at: new Date().toISOString(), by: ctx.caller.name } : null);
    return taskDetail(db, loadTask(db, task.record.id));
  });
  ctx.emit('workspace.changed', { what: 'tasks' });
  return detail;
}

/** Hides or shows automatic scores to a task's annotators (see `tasks.setScoresHidden`). */
export async function setScoresHidden(ctx: ServiceContext, ref: string | number, hidden: boolean): Promise<TaskDetail> {
  const detail = await ctx.sqlWrite((db): TaskDetail => {
    const task = loadTask(db, ref);
    setTaskHidesScores(db, task.record.id, hidden);
    return taskDetail(db, loadTask(db, task.record.id));
  });
  ctx.emit('workspace.changed', { what: 'tasks' });
  return detail;
}
