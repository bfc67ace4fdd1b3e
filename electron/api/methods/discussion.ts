import { z } from 'zod';
import { method } from '../define';
import { taskRef, type TaskDetail } from './annotation';

/**
 * Blind stays blind (issue 13): what a lead decides about what a task's annotators may see.
 * A blind task's annotators see nobody else's labels, before or after submitting, until a lead
 * opens it for discussion; a task hides automatic scores from them unless a lead says not to.
 */
export const discussionMethods = {
  /**
   * Opens a blind task for discussion (its annotators then see the other raters' labels,
   * rationales and judge outputs on the items they have submitted; any change they make is
   * kept as a revision beside the original) or closes it again.
   */
  'tasks.setDiscussion': method<TaskDetail>()(z.object({ task: taskRef, open: z.boolean() }), {
    access: 'lead',
    reason: "opening a task for discussion shows its annotators each other's labels",
  }),
  /** Hides (the default) or shows automatic scores (reference F1 and tiers, validator verdicts, rewards from the source) to the task's annotators. */
  'tasks.setScoresHidden': method<TaskDetail>()(z.object({ task: taskRef, hidden: z.boolean() }), {
    access: 'lead',
    reason: 'automatic scores anchor judgements, so whether annotators see them is the lead’s call',
  }),
};
