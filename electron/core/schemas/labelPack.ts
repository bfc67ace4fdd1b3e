import { z } from 'zod';
import type { LabelRecord } from './labelRecord';
import type { LabelSchema, LabelValue } from './model';

/** The `format` marker of a label-pack file. */
export const LABEL_PACK_FORMAT = 'accord.label-pack';

/** An item a pack's labels refer to, with the content hash it had when they were exported. */
export interface LabelPackItem {
  dataset: string;
  externalId: string;
  contentHash: string;
}

/**
 * One current label of the pack's annotator. `uid` is the id of the label event that set
 * it; it travels with the label so that importing the same pack twice changes nothing. A
 * labels-file line without task and rater: those are the pack's `task` and `annotator`.
 */
export interface LabelPackLabel extends Omit<LabelRecord, 'task' | 'rater' | 'raterKind'> {
  uid: string;
}

/** A label the annotator removed (e.g. undid their only answer), so that the removal travels too. */
export interface LabelPackClear {
  dataset: string;
  item: string;
  unit: string;
  question: string;
  clearedAt: string;
  uid: string;
}

/**
 * How a label of the annotator stood before they revised it after discussion (issue 13), so
 * that agreement on the originals is the same where the pack is merged. `answered: false` when
 * they had no answer there before; `uid` is the id of the event that had set the original.
 */
export interface LabelPackOriginal {
  dataset: string;
  item: string;
  unit: string;
  question: string;
  answered: boolean;
  value: LabelValue | null;
  na: boolean;
  rationale: string | null;
  uid: string | null;
  revisedAt: string;
}

/** The annotator submitted this item. */
export interface LabelPackSubmission {
  dataset: string;
  item: string;
  submittedAt: string;
}

/**
 * A label pack (DESIGN.md §4): one annotator's labels for one task, for annotators working
 * on separate machines. Items carry their content hash, so the importing workspace can refuse
 * labels made on a different version of an item; a label its annotator made on an earlier
 * version of the item than the one listed says so (`earlierVersion`) and is refused too.
 */
export interface LabelPack {
  format: typeof LABEL_PACK_FORMAT;
  version: 1;
  exportedAt: string;
  /** The workspace file name the pack came from (provenance only). */
  origin: { workspace: string };
  task: { name: string; schema: LabelSchema };
  annotator: { name: string; role: 'annotator' | 'adjudicator' | 'lead' };
  items: LabelPackItem[];
  labels: LabelPackLabel[];
  cleared: LabelPackClear[];
  /** Originals of labels revised after discussion; absent in packs from before they travelled. */
  originals?: LabelPackOriginal[];
  submissions: LabelPackSubmission[];
}

const labelValue = z.union([z.string(), z.number(), z.array(z.string())]);
const timestamp = z.string().min(1);
const itemRef = { dataset: z.string().min(1), item: z.string().min(1), unit: z.string(), question: z.string().min(1) };

/** The zod schema of a label-pack file; the embedded label schema is checked separately. */
export const labelPackJson = z.object({
  format: z.literal(LABEL_PACK_FORMAT, { error: `not a label pack (format must be "${LABEL_PACK_FORMAT}")` }),
  version: z.literal(1, { error: 'this version of Accord reads label packs of version 1' }),
  exportedAt: timestamp,
  origin: z.object({ workspace: z.string() }),
  task: z.object({ name: z.string().min(1), schema: z.unknown() }),
  annotator: z.object({ name: z.string().min(1), role: z.enum(['annotator', 'adjudicator', 'lead']) }),
  items: z.array(z.object({ dataset: z.string().min(1), externalId: z.string().min(1), contentHash: z.string().min(1) })),
  labels: z.array(
    z.object({
      ...itemRef,
      value: labelValue.nullable(),
      na: z.boolean(),
      rationale: z.string().nullable(),
      secondsSpent: z.number().min(0),
      createdAt: timestamp,
      updatedAt: timestamp,
      uid: z.string().min(1),
      earlierVersion: z.boolean().optional(),
      /** What was visible when the label was made (issue 13); absent in packs from before. */
      visible: z.object({ others: z.boolean(), scores: z.boolean(), discussion: z.boolean() }).nullable().optional(),
    }),
  ),
  cleared: z.array(z.object({ ...itemRef, clearedAt: timestamp, uid: z.string().min(1) })).default([]),
  originals: z
    .array(
      z.object({
        ...itemRef,
        answered: z.boolean(),
        value: labelValue.nullable(),
        na: z.boolean(),
        rationale: z.string().nullable(),
        uid: z.string().min(1).nullable(),
        revisedAt: timestamp,
      }),
    )
    .default([]),
  submissions: z.array(z.object({ dataset: z.string().min(1), item: z.string().min(1), submittedAt: timestamp })).default([]),
});
