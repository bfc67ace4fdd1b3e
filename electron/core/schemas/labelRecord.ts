import { z } from 'zod';
import type { LabelValue } from './model';

/**
 * One label as a line of a labels JSONL file: everything the CSV has, plus the dataset, the
 * rater's kind, N/A as a flag, the typed value, seconds spent and timestamps. `unit` is a unit
 * key (`step:2`, `''` for the whole item).
 */
export interface LabelRecord {
  task: string;
  dataset: string;
  item: string;
  unit: string;
  question: string;
  rater: string;
  raterKind: 'human' | 'judge';
  /** null when N/A. */
  value: LabelValue | null;
  na: boolean;
  rationale: string | null;
  secondsSpent: number;
  createdAt: string;
  updatedAt: string;
  /**
   * True when the label was made on an earlier version of its item (a re-import changed the
   * item since; its rater has not checked and saved it again); absent otherwise. Written by
   * exports; a labels file read back ignores it (a file does not say which version its rater saw).
   */
  earlierVersion?: boolean;
  /**
   * Blind labeling (issue 13), written by exports and ignored when read back: for a label its
   * rater changed after seeing the others in a discussion, the answer before (null when there
   * was none); and what was visible when the label was made (null: not recorded).
   */
  revisedAfterDiscussion?: boolean;
  /**
   * True on a label its rater cleared after discussion: it has no answer now (value null, na
   * false) and `original` says what it was. Such a line is skipped when read back.
   */
  clearedAfterDiscussion?: boolean;
  original?: { value: LabelValue | null; na: boolean; rationale: string | null } | null;
  visible?: { others: boolean; scores: boolean; discussion: boolean } | null;
}

/** The zod schema of a JSONL label line; only item, question, rater and value (or na) are required on import. */
export const labelRecordJson = z.object({
  task: z.string().optional(),
  dataset: z.string().optional(),
  item: z.string({ error: 'item must be the external id of an item' }).min(1, { error: 'item is empty' }),
  unit: z.string().default(''),
  question: z.string({ error: 'question must be a question id' }).min(1, { error: 'question is empty' }),
  rater: z.string({ error: 'rater must be a name' }).min(1, { error: 'rater is empty' }),
  raterKind: z.enum(['human', 'judge']).optional(),
  value: z.union([z.string(), z.number(), z.array(z.string())]).nullable().optional(),
  na: z.boolean().default(false),
  rationale: z.string().nullable().optional(),
  secondsSpent: z.number().min(0).default(0),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  earlierVersion: z.boolean().optional(),
  revisedAfterDiscussion: z.boolean().optional(),
  clearedAfterDiscussion: z.boolean().optional(),
  original: z.unknown().optional(),
  visible: z.unknown().optional(),
});
