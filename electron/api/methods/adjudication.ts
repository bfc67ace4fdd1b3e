import { z } from 'zod';
import type { ArtifactKind } from '../../core/formats/types';
import type { LabelSchema, LabelValue } from '../../core/schemas/model';
import { method } from '../define';
import { taskRef } from './annotation';

/** A gold label: the settled answer for a task/item/unit/question. */
export interface GoldView {
  itemId: number;
  unit: string;
  question: string;
  value: LabelValue | null;
  na: boolean;
  rationale: string | null;
  adjudicator: string | null;
  source: 'unanimous' | 'adjudicated';
  updatedAt: string;
}

/** The reply to `adjudication.setGold`: the gold now, `unchanged` when it already stood so and nothing was written. */
export interface SetGoldReply extends GoldView {
  unchanged?: true;
}

/** One question on one unit where raters disagree. */
export interface Disagreement {
  unit: string;
  question: string;
  /** Distinct answers given (as CSV cells, `N/A` included). */
  answers: string[];
  /** Who gave which answer: why the item is in the queue. */
  byRater: { rater: string; answer: string }[];
  resolved: boolean;
}

/** An item of the adjudication queue. */
export interface AdjudicationEntry {
  itemId: number;
  externalId: string;
  dataset: string;
  kind: ArtifactKind;
  /** Mean over the item's questions and units of the share of rater pairs that agree (0…1). */
  agreement: number;
  /**
   * How disputed the item is, the queue's first sort key (most first): each disputed question
   * (on a unit) adds its dispute, 0…1, the mean over rater pairs of how far apart their answers
   * are. Two different answers are 1 apart (nominal, binary, multilabel: the share of pairs that
   * disagree); on an ordinal or score scale, the gap between their numeric values over the
   * scale's range (neighbours on a 7-level scale 1/6, the two ends 1), N/A 1 from any value.
   */
  dispute: number;
  raters: string[];
  disagreements: Disagreement[];
  /** Questions (on units) where the raters disagree; the queue's second sort key, most first. */
  disagreeingQuestions: number;
  /** Raters off the most common answer on some disputed question (everyone where no answer leads); the third sort key, most first. */
  disagreeingRaters: number;
  /** Every disagreement has a gold label. */
  resolved: boolean;
}

/** The adjudication queue of a task, most disputed first (dispute, then questions, then raters), then lowest agreement. */
export interface AdjudicationQueue {
  task: string;
  policy: 'any' | 'threshold';
  threshold: number | null;
  entries: AdjudicationEntry[];
  /** Unresolved entries. */
  open: number;
}

/** One rater's answer, shown side by side with the others'. */
export interface RaterAnswer {
  rater: string;
  raterKind: 'human' | 'judge';
  value: LabelValue | null;
  na: boolean;
  rationale: string | null;
  updatedAt: string;
  /** Made on an earlier version of the item (a re-import changed it since; its rater has not saved it again). */
  earlierVersion?: boolean;
  /**
   * How the answer stood before discussion, when its rater revised it after seeing the others
   * (issue 13); `answered: false` when they had no answer there before. Absent when not revised.
   */
  original?: { answered: boolean; value: LabelValue | null; na: boolean; rationale: string | null };
}

/** All answers to one question on one unit of an item. */
export interface AnswerGroup {
  unit: string;
  question: string;
  answers: RaterAnswer[];
  unanimous: boolean;
  /**
   * Share of rater pairs that agree; null with fewer than two answers or for text questions. On
   * the originals where answers were revised after discussion, as the queue counts it: answers
   * that agree only since a revision are not unanimous.
   */
  agreement: number | null;
  gold: GoldView | null;
  /** Raters who cleared their answer after discussion: no answer now; agreement counts the original. Absent when none. */
  cleared?: { rater: string; original: NonNullable<RaterAnswer['original']> }[];
}

/** Everything the adjudication screen shows for one item. */
export interface AdjudicationItem {
  itemId: number;
  externalId: string;
  dataset: string;
  kind: ArtifactKind;
  schema: LabelSchema;
  groups: AnswerGroup[];
}

/** One decision of the gold edit log: who set what, when, why, and what it replaced. */
export interface GoldEdit {
  itemId: number;
  item: string;
  unit: string;
  question: string;
  value: LabelValue | null;
  na: boolean;
  /** The gold answer this decision replaced; null for a first decision. */
  previous: { value: LabelValue | null; na: boolean } | null;
  source: 'unanimous' | 'adjudicated';
  adjudicator: string | null;
  /** Why the answer changed (required when it does), null for a first decision. */
  reason: string | null;
  note: string | null;
  at: string;
}

/** Gold labels exported as a file (CSV or JSONL), with their edit log. */
export interface GoldExport {
  fileName: string;
  format: 'csv' | 'jsonl';
  rows: number;
  content: string;
}

const goldValue = z.union([z.string(), z.number(), z.array(z.string())]).nullable().optional();

/** The adjudication queue, side-by-side answers and gold labels (issue 4). */
export const adjudicationMethods = {
  /**
   * Items to adjudicate: those with any disagreement (`policy: 'any'`) or whose agreement is
   * below `threshold`; the task's policy when omitted. Only submitted human labels count,
   * plus judge labels with `includeJudges`. The entries list the answers given, so it is for
   * adjudicators and leads.
   */
  'adjudication.queue': method<AdjudicationQueue>()(
    z.object({
      task: taskRef,
      policy: z.enum(['any', 'threshold']).optional(),
      threshold: z.number().min(0).max(1).optional(),
      question: z.string().min(1).optional(),
      includeJudges: z.boolean().default(false),
      includeResolved: z.boolean().default(false),
    }),
    { access: 'adjudicator', reason: 'the adjudication queue shows the answers raters disagree on' },
  ),
  /** All labels and rationales of an item side by side, with any gold; for adjudicators and leads. */
  'adjudication.item': method<AdjudicationItem>()(
    z.object({ task: taskRef, itemId: z.number().int(), includeJudges: z.boolean().default(false) }),
    { access: 'adjudicator', reason: "adjudication shows every rater's labels and rationales side by side" },
  ),
  /**
   * Sets the gold answer of one question on one unit (source: adjudicated). The gold as it
   * already stands (same answer, N/A and note) writes nothing: the reply says `unchanged`.
   */
  'adjudication.setGold': method<SetGoldReply>()(
    z.object({
      task: taskRef,
      itemId: z.number().int(),
      unit: z.string().max(200).default(''),
      question: z.string().min(1),
      value: z.union([z.string(), z.number(), z.array(z.string())]).nullable().optional(),
      na: z.boolean().default(false),
      rationale: z.string().max(20_000).nullable().optional(),
      /** Why an existing gold answer changes; required when it does (the gold edit log). */
      reason: z.string().trim().max(2_000).optional(),
    }),
    { access: 'adjudicator', reason: "adjudication shows every rater's labels and rationales side by side" },
  ),
  /**
   * Settles a whole item at once: gold for every answer given (all its disagreeing questions,
   * say), in one write: all or none. `reason` is needed where an existing gold answer changes.
   */
  'adjudication.settleItem': method<{ settled: number; gold: GoldView[] }>()(
    z.object({
      task: taskRef,
      itemId: z.number().int(),
      answers: z
        .array(z.object({ unit: z.string().max(200).default(''), question: z.string().min(1), value: goldValue, na: z.boolean().default(false), note: z.string().max(20_000).nullable().optional() }))
        .min(1),
      reason: z.string().trim().max(2_000).optional(),
    }),
    { access: 'adjudicator', reason: "adjudication shows every rater's labels and rationales side by side" },
  ),
  /** Accepts every unanimous answer (at least `minRaters` submitted labels, all equal, no gold yet) as gold (source: unanimous). */
  'adjudication.acceptUnanimous': method<{ accepted: number; alreadyGold: number }>()(
    z.object({
      task: taskRef,
      question: z.string().min(1).optional(),
      minRaters: z.number().int().min(2).default(2),
    }),
    { access: 'adjudicator', reason: "adjudication shows every rater's labels and rationales side by side" },
  ),
  /**
   * Gold labels of a task (or one item). Gold is the raters' settled answer (a unanimous one is
   * every rater's), so it is for adjudicators and leads.
   */
  /** The gold edit log of a task (or one item), oldest first. */
  'gold.history': method<GoldEdit[]>()(z.object({ task: taskRef, itemId: z.number().int().optional() }), { access: 'adjudicator', reason: 'gold labels are the settled answers of every rater' }),
  /**
   * Every gold label of a task as CSV or JSONL: item, unit, question, the gold value, its source
   * (unanimous or adjudicated), adjudicator, note and time, with the edits that led there.
   */
  'gold.export': method<GoldExport>()(z.object({ task: taskRef, format: z.enum(['csv', 'jsonl']).default('csv') }), {
    access: 'adjudicator',
    reason: 'gold labels are the settled answers of every rater',
  }),
  'gold.list': method<GoldView[]>()(z.object({ task: taskRef, itemId: z.number().int().optional() }), { access: 'adjudicator', reason: 'gold labels are the settled answers of every rater' }),
};
