import { z } from 'zod';
import type { ReviewFigures } from '../../core/sopReview/sopReviewFigures';
import { method } from '../define';
import { taskRef } from './annotation';

export type { Accuracy, ReviewFigures, ReviewGroup } from '../../core/sopReview/sopReviewFigures';

/** A session the continuation rule applies to, for the report's list. */
export interface SopRuledSession {
  itemId: number;
  sessionId: string;
  sopId: string;
  model: string | null;
  /** The failed step the agent continued past, numbered from 1 as the screens show steps. */
  failedStep: number;
  /** The steps incorrect by rule, numbered from 1. */
  ruledSteps: number[];
  reason: string;
}

/** Whose marks a report counts. */
export type SopReviewSource =
  /** Gold where an adjudicator set it, else the answer every human rater of the step gave (raters who differ: "disagreed", left out). */
  | { kind: 'consensus' }
  /** One annotator's marks alone (gold ignored). */
  | { kind: 'rater'; rater: string };

/** The Agent-S review report of a task (see `sopReview.report`). */
export interface SopReviewReport {
  task: string;
  source: SopReviewSource;
  /** Human raters with marks in the task, by name. */
  raters: string[];
  /** The task's items that are Agent-S sessions, and those that are not (left out). */
  sessions: number;
  otherItems: number;
  figures: ReviewFigures;
  ruled: SopRuledSession[];
  /** The definitions the figures follow, as the report prints them. */
  definitions: { state: string; action: string; rule: string; marks: string };
}

export const sopReviewMethods = {
  /**
   * Agent-S SOP execution review of a task whose schema asks `state` and `action` per turn
   * (the `agent-s-step-review` preset): state accuracy and action accuracy (over steps whose
   * state was correct), overall, per SOP, per model and per SOP × model, each with its n, with
   * the continuation rule applied. By consensus (gold, else unanimous human marks) or for one
   * `rater`.
   */
  'sopReview.report': method<SopReviewReport>()(z.object({ task: taskRef, rater: z.string().min(1).optional() }), {
    access: 'adjudicator',
    reason: "the report counts every rater's marks",
  }),
};
