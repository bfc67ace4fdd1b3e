import { z } from 'zod';
import type { LabelRecord } from '../../core/schemas/labelRecord';
import { method } from '../define';
import { annotatorName, taskRef, type QueueEntry } from './annotation';
import { fileSource } from './fileSources';

/**
 * One label as the screens show it: a labels-file line ({@link LabelRecord}) that names its
 * item by row id instead of task, dataset and external id. `unit` is a unit key (`step:2`,
 * `''` for the whole item).
 */
export interface LabelView extends Omit<LabelRecord, 'task' | 'dataset' | 'item'> {
  itemId: number;
}

/** A label its rater changed after seeing the others in a discussion, with how it stood before. */
export interface LabelRevision {
  unit: string;
  question: string;
  /** The answer before the discussion; null when the rater had none there then. */
  original: { value: LabelRecord['value']; na: boolean; rationale: string | null } | null;
  /** When the first change after discussion was made. */
  revisedAt: string;
}

/**
 * The labels of one item as one viewer may see them: a blind task hides the others' from its
 * annotators, before and after they submit, until a lead opens the task for discussion.
 */
export interface ItemLabels {
  itemId: number;
  viewer: string;
  blind: boolean;
  /** Whether a lead has opened the task for discussion (others' answers then show on submitted items). */
  discussion: boolean;
  /** Whether the item's automatic scores (reference F1 and tiers, validator verdicts, rewards) are hidden from the viewer. */
  scoresHidden: boolean;
  /** Whether the viewer has submitted this item. */
  submitted: boolean;
  submittedAt: string | null;
  own: LabelView[];
  /** Other raters' labels (human or judge), empty while hidden. */
  others: LabelView[];
  /** Other raters with labels on this item that are hidden from the viewer. */
  hiddenRaters: number;
  /** The viewer's own labels changed after discussion, with their originals. */
  revisions: LabelRevision[];
}

/** The outcome of saving (or clearing) a label: it is committed when this arrives. */
export interface SavedLabel {
  /** The label now current, null when cleared. */
  label: LabelView | null;
  /** False when the answer was already exactly this (nothing recorded). */
  changed: boolean;
  eventId: number | null;
  /** The raters whose labels were visible to the annotator when this was saved (recorded with the event). */
  visibleRaters: string[];
}

/** The outcome of an undo: which label went back to what. */
export interface UndoResult {
  /** null when there was nothing left to undo on this item. */
  undone: { unit: string; question: string } | null;
  /** The label after the undo (null when it no longer exists). */
  label: LabelView | null;
}

/** The outcome of submitting an item, with the next one to label. */
export interface SubmitResult {
  submittedAt: string;
  alreadySubmitted: boolean;
  next: QueueEntry | null;
}

/** One problem of a labels file, with its 1-based line. */
export interface LabelFileError {
  line: number | null;
  message: string;
}

/** What `labels.import` did; a file with any error is rejected whole. */
export interface LabelImportReport {
  file: string;
  format: 'csv' | 'jsonl';
  task: string;
  status: 'imported' | 'unchanged' | 'rejected';
  /** Labels that did not exist before. */
  added: number;
  /** Labels whose value or rationale changed (the old one is kept in history). */
  changed: number;
  unchanged: number;
  /** Raters the file introduced (created as annotators, or judge raters in JSONL). */
  newRaters: string[];
  submissions: number;
  errors: LabelFileError[];
}

/** An exported labels file. */
export interface LabelExport {
  fileName: string;
  format: 'csv' | 'jsonl';
  rows: number;
  /** Rows made on an earlier version of their item (marked in the `earlier_version` column / `earlierVersion` field; kept, not dropped). */
  earlierVersion: number;
  /**
   * Of the rows, labels their raters cleared after discussion (issue 13): no answer now, the
   * original beside it (`cleared` in revised_after_discussion / `clearedAfterDiscussion`), as
   * agreement on the originals counts it.
   */
  cleared?: number;
  content: string;
}

/** An exported label pack (JSON text). */
export interface PackExport {
  fileName: string;
  task: string;
  annotator: string;
  labels: number;
  content: string;
}

/** A label of a pack that was not merged, and why (the item changed, or is not in the task). */
export interface RefusedLabel {
  dataset: string;
  item: string;
  unit: string;
  question: string;
  reason: string;
}

/** What `packs.import` did. */
export interface PackImportReport {
  file: string;
  task: string;
  annotator: string;
  /** `unchanged`: everything in the pack was already here. */
  status: 'imported' | 'unchanged';
  /** Labels that became current. */
  applied: number;
  /** Older edits kept in history (the label here was newer). */
  kept: number;
  /** Labels already here (same event). */
  unchanged: number;
  submissions: number;
  /** Originals of labels revised after discussion that the pack brought (issue 13); absent when none. */
  originals?: number;
  refused: RefusedLabel[];
}

const labelValue = z.union([z.string(), z.number(), z.array(z.string())]);
const unit = z.string().max(200).default('');

/** Saving, undoing, listing (blind), submitting, importing and exporting labels, and label packs (issue 4). */
export const labelMethods = {
  /**
   * Saves one answer the moment it is made (committed before the reply). `value` must fit the
   * question (a level's value, an option, the list of tags, a score, text); `na: true` answers
   * N/A where allowed. `secondsSpent` is the time spent on this answer since the last one.
   */
  'labels.save': method<SavedLabel>()(
    z.object({
      task: taskRef,
      itemId: z.number().int(),
      unit,
      question: z.string().min(1),
      value: labelValue.nullable().optional(),
      na: z.boolean().default(false),
      rationale: z.string().max(20_000).nullable().optional(),
      secondsSpent: z.number().min(0).max(86_400).default(0),
    }),
    { access: { assignedTo: 'task' } },
  ),
  /** Removes one answer (recorded as an event, so undo brings it back). */
  'labels.clear': method<SavedLabel>()(
    z.object({ task: taskRef, itemId: z.number().int(), unit, question: z.string().min(1) }),
    { access: { assignedTo: 'task' } },
  ),
  /** Undoes the annotator's last change on an item by recording a new event that restores the previous answer. */
  'labels.undo': method<UndoResult>()(z.object({ task: taskRef, itemId: z.number().int() }), { access: { assignedTo: 'task' } }),
  /** The labels of an item as the caller may see them (blind tasks hide the others' from annotators until a lead opens discussion). */
  'labels.list': method<ItemLabels>()(z.object({ task: taskRef, itemId: z.number().int() }), { access: { assignedTo: 'task' } }),
  /** Marks the item done for the annotator; refuses while a required question is unanswered (saying which). */
  'labels.submit': method<SubmitResult>()(
    z.object({ task: taskRef, itemId: z.number().int() }),
    { access: { assignedTo: 'task' } },
  ),
  /**
   * Imports a labels CSV (`item,unit,question,rater,value,rationale`) or JSONL file into a task,
   * atomically. An annotator caller may import only rows in their own name (another rater's row
   * would overwrite that rater's answer, and the report's counts would say whether it was the
   * same), else `forbidden` naming those rows; adjudicators and leads import any file.
   */
  'labels.import': method<LabelImportReport>()(
    // A crowd's file holds 100,000s of labels: progress goes out under jobId, counting labels written.
    z.object({ task: taskRef, source: fileSource, format: z.enum(['csv', 'jsonl']).optional(), jobId: z.string().min(1).optional() }),
    { access: { assignedTo: 'task' }, long: true },
  ),
  /**
   * Every current label of the task, every rater's, as a labels CSV or JSONL file: for
   * adjudicators and leads (blind labeling, DESIGN.md §4).
   */
  'labels.export': method<LabelExport>()(z.object({ task: taskRef, format: z.enum(['csv', 'jsonl']) }), { access: 'adjudicator', reason: "the labels export holds every rater's labels (export your own labels as a label pack)" }),

  /**
   * One annotator's labels for a task (the caller's own when `annotator` is omitted), with each
   * item's content hash, as a label-pack file. An annotator may export only their own pack
   * (another's is `forbidden`); adjudicators and leads any.
   */
  'packs.export': method<PackExport>()(z.object({ task: taskRef, annotator: annotatorName }), { access: { assignedTo: 'task' } }),
  /**
   * Merges a label pack: newest edit wins, older ones stay in history, labels on changed items
   * are refused. Open to every named person: the report counts what was merged and names
   * refused items, never anyone's answer.
   */
  'packs.import': method<PackImportReport>()(z.object({ source: fileSource }), { access: 'annotator' }),
};
