import { z } from 'zod';
import type { ArtifactKind } from '../../core/formats/types';
import type { SchemaIssue } from '../../core/schemas/schemaJson';
import type { SchemaKeymap } from '../../core/schemas/keyBindings';
import type { LabelSchema } from '../../core/schemas/model';
import { method } from '../define';
import { itemFilter } from './items';

/** What an annotator may do: label; also settle disagreements; also manage tasks. */
export type AnnotatorRole = 'annotator' | 'adjudicator' | 'lead';

/** A person who labels (DESIGN.md §2 "annotators"). */
export interface Annotator {
  id: number;
  name: string;
  role: AnnotatorRole;
  createdAt: string;
  /** False once deactivated or merged: their labels stay, they cannot be assigned or act. */
  active: boolean;
  /** The annotator this record was merged into (two records of the same person), else null. */
  mergedInto: string | null;
}

/** A task as the task list shows it. */
export interface TaskSummary {
  id: number;
  name: string;
  schemaId: string;
  schemaVersion: number;
  schemaTitle: string;
  itemCount: number;
  annotators: string[];
  /** `all`: everyone labels every item; `fixed`: each item goes to `perItem` annotators. */
  overlap: 'all' | 'fixed';
  perItem: number;
  seed: number;
  blind: boolean;
  /** Whether a lead has opened the task for discussion (null: closed), and when and by whom. */
  discussion: { openedAt: string; openedBy: string | null } | null;
  /** Whether automatic scores (reference F1 and tiers, validator verdicts, rewards) are hidden from the task's annotators. */
  hideScores: boolean;
  /** `archived`: hidden from annotators' lists and read-only until a lead unarchives it. */
  state: 'active' | 'archived';
  archived: { at: string; by: string | null } | null;
  adjudication: AdjudicationPolicy;
  /** Items with a submission from at least `perItem` annotators (every annotator in `all` mode). */
  completeItems: number;
  goldCount: number;
  createdAt: string;
  /** Every annotator's progress (the task list shows it per annotator). */
  progress: AnnotatorProgress[];
}

/** Which items the adjudication queue holds: any disagreement, or per-item agreement below a threshold. */
export interface AdjudicationPolicy {
  policy: 'any' | 'threshold';
  /** Per-item agreement (share of agreeing rater pairs) below which an item is queued; null for `any`. */
  threshold: number | null;
}

/** One annotator's progress on a task. */
export interface AnnotatorProgress {
  name: string;
  role: AnnotatorRole;
  /** Items in the annotator's queue. */
  assigned: number;
  submitted: number;
  /** Labelled at least once but not submitted. */
  started: number;
  skipped: number;
  /** Items neither submitted nor skipped. */
  remaining: number;
  labels: number;
  secondsSpent: number;
}

/** A task with its schema and keymap. */
export interface TaskDetail extends TaskSummary {
  schema: LabelSchema;
  /** The labeling screen's keys for this schema (digits for levels, letters for pass/fail and tags, navigation). */
  keymap: SchemaKeymap;
  /** The datasets and filter the items were chosen by. */
  selection: { datasets: string[]; filter: Record<string, unknown> };
}

/** Where an item stands in an annotator's queue. */
export type QueueStatus = 'todo' | 'started' | 'submitted' | 'skipped';

/** One item of an annotator's queue. */
export interface QueueEntry {
  /** 0-based place in the annotator's seeded order. */
  position: number;
  itemId: number;
  externalId: string;
  dataset: string;
  kind: ArtifactKind;
  status: QueueStatus;
  /** Labels this annotator has on the item. */
  labels: number;
}

/** An annotator's whole queue for a task. */
export interface Queue {
  task: string;
  annotator: string;
  entries: QueueEntry[];
  /** Where to resume: the first item neither submitted nor skipped, else the first skipped one; null when all are submitted. */
  current: QueueEntry | null;
  progress: AnnotatorProgress;
}

/** The answer to "who are you?": the annotator (created on first use) and their tasks. */
export interface Identity {
  annotator: Annotator;
  created: boolean;
  tasks: { task: string; taskId: number; assigned: number; submitted: number; remaining: number }[];
}

/** A preset schema as the schema picker lists it. */
export interface PresetInfo {
  name: string;
  title: string;
  description: string;
  kinds: ArtifactKind[];
  schema: LabelSchema;
}

/** The outcome of validating schema JSON: the canonical schema, or every issue with its path. */
export type SchemaValidation = { ok: true; schema: LabelSchema } | { ok: false; issues: SchemaIssue[] };

/** A task, by name or id. */
export const taskRef = z.union([z.string().min(1), z.number().int()]);
/** An annotator, by name. */
export const annotatorName = z.string().trim().min(1).max(100);
/** Create a person even when the name differs from an existing one's only by case or spacing ("Ana" beside "ana"). */
const forceName = z.boolean().default(false);
const role = z.enum(['annotator', 'adjudicator', 'lead']);

/** Annotators ("who are you?"), label schemas, tasks and annotators' queues (issue 4). */
export const annotationMethods = {
  'annotators.list': method<Annotator[]>()(z.object({}), { access: 'public' }),
  /** Creates an annotator or changes their role. */
  'annotators.upsert': method<Annotator>()(z.object({ name: annotatorName, role, force: forceName }), { access: 'lead' }),
  /**
   * "Who are you?": finds the person by name (creating them if new, as an annotator unless
   * `role` says otherwise), sets `role` when given, and lists their tasks. Public: in the
   * desktop app and single-user browser mode the person at the machine says who they are
   * (README, "Who is calling"); the transport then names them on every call.
   */
  'annotators.identify': method<Identity>()(z.object({ name: annotatorName, role: role.optional(), force: forceName }), { access: 'public' }),

  'schemas.presets': method<PresetInfo[]>()(z.object({}), { access: 'public' }),
  /** Validates schema JSON (already parsed) and returns it in canonical form. */
  'schemas.validate': method<SchemaValidation>()(z.object({ schema: z.unknown() }), { access: 'public' }),
  /** Validates schema JSON text (a file the user picked). */
  'schemas.import': method<SchemaValidation>()(z.object({ text: z.string().max(5_000_000) }), { access: 'public' }),
  /** A preset's or a task's schema as JSON text, ready to save. */
  'schemas.export': method<{ fileName: string; text: string }>()(
    z.union([z.object({ preset: z.string().min(1) }), z.object({ task: taskRef })]),
    { access: 'public' },
  ),

  /** Creates a task: a schema applied to the items of some datasets (optionally filtered), with its annotators' queues. */
  'tasks.create': method<TaskDetail>()(
    z.object({
      name: z.string().trim().min(1).max(200),
      schema: z.union([z.object({ preset: z.string().min(1) }), z.object({ json: z.unknown() })]),
      datasets: z.array(z.string().min(1)).min(1),
      filter: itemFilter.omit({ datasetId: true }).optional(),
      annotators: z.array(annotatorName).default([]),
      force: forceName,
      overlap: z.enum(['all', 'fixed']).default('all'),
      perItem: z.number().int().min(1).max(100).default(2),
      /** Seed of the queues' order; random when omitted (and then recorded). */
      seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
      blind: z.boolean().default(true),
      /** Hide automatic scores (reference F1 and tiers, validator verdicts, rewards) from the annotators while they label. */
      hideScores: z.boolean().default(true),
      adjudication: z
        .object({ policy: z.enum(['any', 'threshold']), threshold: z.number().min(0).max(1).optional() })
        .default({ policy: 'any' }),
    }),
    { access: 'lead' },
  ),
  'tasks.list': method<TaskSummary[]>()(z.object({}), { access: 'public' }),
  'tasks.get': method<TaskDetail>()(z.object({ task: taskRef }), { access: 'public' }),
  /** Adds annotators to a task and builds their queues (all items, or the items still short of `perItem` annotators). */
  'tasks.assign': method<TaskDetail>()(z.object({ task: taskRef, annotators: z.array(annotatorName).min(1), force: forceName }), { access: 'lead' }),

  'queue.get': method<Queue>()(z.object({ task: taskRef }), { access: { assignedTo: 'task' } }),
  /**
   * The next item to label after `after` (or from the start): the next one neither submitted
   * nor skipped in queue order, wrapping around, then the skipped ones; `entry: null` when all are submitted.
   */
  'queue.next': method<{ entry: QueueEntry | null }>()(z.object({ task: taskRef, after: z.number().int().optional() }), { access: { assignedTo: 'task' } }),
  /** The item before `before` in queue order, whatever its status; `entry: null` at the start. */
  'queue.previous': method<{ entry: QueueEntry | null }>()(z.object({ task: taskRef, before: z.number().int() }), { access: { assignedTo: 'task' } }),
  /** Puts an item aside (it comes back after the others) and returns the next one. */
  'queue.skip': method<{ next: QueueEntry | null }>()(z.object({ task: taskRef, itemId: z.number().int() }), { access: { assignedTo: 'task' } }),
};
