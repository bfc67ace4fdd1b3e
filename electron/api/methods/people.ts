import { z } from 'zod';
import type { TaskImpactCounts } from '../../common/deletionImpact';
import { method } from '../define';
import { annotatorName, taskRef } from './annotation';

/**
 * What deleting a task takes with it: its queues, the labels on its items by rater with their
 * history, submissions, gold and its edits, and its judge runs. The items stay in their datasets.
 */
export interface TaskDeletionImpact extends TaskImpactCounts {
  task: string;
}

/** A task in the trash: hidden everywhere, everything under it kept until restored or purged. */
export interface TrashedTask {
  id: number;
  name: string;
  trashedAt: string;
  trashedBy: string | null;
  impact: TaskDeletionImpact;
}

/** How labels both records hold on the same unit and question are settled when merging. */
export type MergeConflictRule = 'keep-into' | 'keep-from' | 'keep-newest';

/** One label both records of a person hold, with different answers. */
export interface MergeConflict {
  task: string;
  item: string;
  unit: string;
  question: string;
  /** The answers as CSV cells (`N/A`, tags joined with `;`), with when each was made. */
  from: { answer: string; updatedAt: string };
  into: { answer: string; updatedAt: string };
}

/** What merging `from` into `into` would do, counted, with every conflicting label. */
export interface MergePlan {
  from: string;
  into: string;
  /** Labels that move to `into` (no label of `into` there). */
  moving: number;
  /** Labels both hold with the same answer: `into`'s is kept, `from`'s history stays. */
  identical: number;
  conflicts: MergeConflict[];
  submissions: number;
  /** Tasks `from` is on, that `into` joins (with `from`'s queue). */
  tasks: string[];
  /** Gold decisions made by `from`, credited to `into` from now on. */
  gold: number;
}

/** A merge done, with what happened to each conflict. */
export interface MergeResult extends MergePlan {
  rule: MergeConflictRule | null;
  /** Conflicts where `from`'s answer became the current label. */
  tookFrom: number;
}

const force = z.boolean().default(false).describe('create or rename even when the name differs from an existing one only by case or spacing');

/**
 * Gold and people, managed (issue 13): annotators renamed, deactivated and merged; tasks archived,
 * deleted to the trash, restored and purged. All for leads: they change who may do what and
 * remove human work.
 */
export const peopleMethods = {
  /**
   * Renames an annotator (their labels, queues and gold keep following them). A new name that
   * differs from another person's only by case or spacing is refused unless `force`.
   */
  'annotators.rename': method<{ name: string; previous: string }>()(z.object({ name: annotatorName, newName: annotatorName, force }), {
    access: 'lead',
    reason: 'managing people changes who may do what',
  }),
  /** Deactivates an annotator: their labels stay; they can no longer be assigned or act as themselves. */
  'annotators.deactivate': method<{ name: string; active: boolean }>()(z.object({ name: annotatorName }), { access: 'lead', reason: 'managing people changes who may do what' }),
  'annotators.activate': method<{ name: string; active: boolean }>()(z.object({ name: annotatorName }), { access: 'lead', reason: 'managing people changes who may do what' }),
  /** What merging two records of the same person would do (nothing changes). */
  'annotators.mergePlan': method<MergePlan>()(z.object({ from: annotatorName, into: annotatorName }), { access: 'lead', reason: 'managing people changes who may do what' }),
  /**
   * Merges `from` into `into`: `from`'s labels, submissions, queues and gold decisions move to
   * `into`; `from` stays as an inactive record (its label history names it). Labels both hold
   * with different answers need `conflicts` (which to keep); `confirm` must be `from`'s name.
   */
  'annotators.merge': method<MergeResult>()(
    z.object({ from: annotatorName, into: annotatorName, conflicts: z.enum(['keep-into', 'keep-from', 'keep-newest']).optional(), confirm: z.string() }),
    { access: 'lead', reason: 'merging people moves their labels' },
  ),

  /** Archives a task: hidden from annotators' lists and read-only (no labels, gold or runs) until unarchived. */
  'tasks.archive': method<{ archived: boolean }>()(z.object({ task: taskRef }), { access: 'lead', reason: 'archiving a task stops its labeling' }),
  'tasks.unarchive': method<{ archived: boolean }>()(z.object({ task: taskRef }), { access: 'lead', reason: 'archiving a task stops its labeling' }),
  /** What deleting the task would take with it (for the confirmation and `--dry-run`). */
  'tasks.impact': method<TaskDeletionImpact>()(z.object({ task: taskRef }), { access: 'lead', reason: 'deleting a task removes human work' }),
  /** Deletes a task by moving it to the trash, everything under it kept; says what went. */
  'tasks.delete': method<{ trashed: boolean; impact: TaskDeletionImpact }>()(z.object({ task: taskRef }), { access: 'lead', reason: 'deleting a task removes human work' }),
  'tasks.trash': method<TrashedTask[]>()(z.object({}), { access: 'lead', reason: 'the trash holds deleted human work' }),
  'tasks.restore': method<{ restored: boolean }>()(z.object({ task: taskRef }), { access: 'lead', reason: 'the trash holds deleted human work' }),
  /** Deletes a trashed task for good after a backup; `confirm` is its name, typed. */
  'tasks.purge': method<{ purged: boolean; backup: string | null; impact: TaskDeletionImpact }>()(z.object({ task: taskRef, confirm: z.string() }), {
    access: 'lead',
    reason: 'purging a task removes human work for good',
  }),
};
