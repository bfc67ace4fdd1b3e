import type { HandlerTable } from '../handlerTypes';
import { goldHistory, settleItem } from './adjudication';
import { exportGold } from './goldExport';
import { mergePeople, mergePlan, renamePerson, setPersonActive } from './people';
import { archive, listTrashedTasks, purge, restore, taskImpactOf, trash, unarchive } from './taskTrash';

/** Gold and people, managed (issue 13): people, the task lifecycle, gold export and its edit log, settling an item at once. */
export const peopleHandlers = {
  'annotators.rename': ({ name, newName, force }, ctx) => renamePerson(ctx, name, newName, force),
  'annotators.deactivate': ({ name }, ctx) => setPersonActive(ctx, name, false),
  'annotators.activate': ({ name }, ctx) => setPersonActive(ctx, name, true),
  'annotators.mergePlan': ({ from, into }, ctx) => mergePlan(ctx, from, into),
  'annotators.merge': (args, ctx) => mergePeople(ctx, args),

  'tasks.archive': ({ task }, ctx) => archive(ctx, task),
  'tasks.unarchive': ({ task }, ctx) => unarchive(ctx, task),
  'tasks.impact': ({ task }, ctx) => taskImpactOf(ctx, task),
  'tasks.delete': ({ task }, ctx) => trash(ctx, task),
  'tasks.trash': (_args, ctx) => listTrashedTasks(ctx),
  'tasks.restore': ({ task }, ctx) => restore(ctx, task),
  'tasks.purge': ({ task, confirm }, ctx) => purge(ctx, task, confirm),

  'adjudication.settleItem': (args, ctx) => settleItem(ctx, args),
  'gold.history': (args, ctx) => goldHistory(ctx, args),
  'gold.export': (args, ctx) => exportGold(ctx, args),
} satisfies HandlerTable<
  | 'annotators.rename'
  | 'annotators.deactivate'
  | 'annotators.activate'
  | 'annotators.mergePlan'
  | 'annotators.merge'
  | 'tasks.archive'
  | 'tasks.unarchive'
  | 'tasks.impact'
  | 'tasks.delete'
  | 'tasks.trash'
  | 'tasks.restore'
  | 'tasks.purge'
  | 'adjudication.settleItem'
  | 'gold.history'
  | 'gold.export'
>;
