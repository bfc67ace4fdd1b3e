import type { HandlerTable } from '../handlerTypes';
import { setDiscussion, setScoresHidden } from './discussion';

/** What a lead decides about what a task's annotators may see (issue 13). */
export const discussionHandlers = {
  'tasks.setDiscussion': ({ task, open }, ctx) => setDiscussion(ctx, task, open),
  'tasks.setScoresHidden': ({ task, hidden }, ctx) => setScoresHidden(ctx, task, hidden),
} satisfies HandlerTable<'tasks.setDiscussion' | 'tasks.setScoresHidden'>;
