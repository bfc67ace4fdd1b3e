import { randomInt } from 'node:crypto';
import type { TaskDetail, TaskSummary } from '../../api/contract';
import type { AnnotatorRecord } from '../../../db/queries/annotators';
import { listItems } from '../../../db/queries/browse';
import { catalogQueries } from '../../../db/queries/catalog';
import {
  addTaskAnnotator,
  addTaskItems,
  appendAssignments,
  assigneeCounts,
  completeItemCount,
  datasetNames,
  goldCount,
  insertTask,
  assignedItemIds,
  listTasks,
  taskAnnotatorNames,
  taskByName,
  taskItemCount,
  taskItems,
  taskProgress,
  type TaskItemRecord,
  type TaskRecord,
} from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import { assignItems, seededOrder, type OverlapMode } from '../../core/schemas/assignment';
import { keymapFor } from '../../core/schemas/keyBindings';
import type { LabelSchema } from '../../core/schemas/model';
import { compareNames } from '../../common/personName';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { ensureAnnotator } from './annotators';
import { requirePreset, requireValidSchema } from './schemas';
import { itemKeyOf, loadTask, loadWritableTask, type LoadedTask } from './taskContext';

/** What `tasks.create` takes (after the contract's defaults). */
export interface CreateTaskArgs {
  name: string;
  schema: { preset: string } | { json?: unknown };
  datasets: string[];
  filter?: { kind?: 'graph' | 'plan' | 'conversation'; search?: string; severity?: 'error' | 'warning' | 'info'; metadata?: Record<string, string | number | boolean> };
  annotators: string[];
  overlap: OverlapMode;
  perItem: number;
  seed?: number;
  blind: boolean;
  hideScores?: boolean;
  /** Create annotators whose names differ from existing ones only by case or spacing. */
  force?: boolean;
  adjudication: { policy: 'any' | 'threshold'; threshold?: number };
}

function summaryOf(db: AnyDb, record: TaskRecord): TaskSummary {
  const schema = JSON.parse(record.schema_json) as LabelSchema;
  const annotators = taskAnnotatorNames(db, record.id);
  const needed = record.overlap_mode === 'all' ? Math.max(1, annotators.length) : record.annotators_per_item;
  return {
    id: record.id,
    name: record.name,
    schemaId: record.schema_id,
    schemaVersion: record.schema_version,
    schemaTitle: schema.title,
    itemCount: taskItemCount(db, record.id),
    annotators,
    overlap: record.overlap_mode,
    perItem: record.annotators_per_item,
    seed: record.seed,
    blind: record.blind === 1,
    discussion: record.discussion_opened_at === null ? null : { openedAt: record.discussion_opened_at, openedBy: record.discussion_opened_by },
    hideScores: record.hide_scores === 1,
    state: record.state === 'archived' ? 'archived' : 'active',
    archived: record.archived_at === null ? null : { at: record.archived_at, by: record.archived_by },
    adjudication: { policy: record.adjudication_policy, threshold: record.adjudication_threshold },
    completeItems: completeItemCount(db, record.id, needed),
    goldCount: goldCount(db, record.id),
    createdAt: record.created_at,
    // Annotators as counted (rater 2 before rater 10: a crowd's task page lists 120 of them), on both engines alike.
    progress: [...taskProgress(db, record.id)].sort((a, b) => compareNames(a.name, b.name)).map((p) => ({
      name: p.name,
      role: p.role,
      assigned: p.assigned,
      submitted: p.submitted,
      started: p.started,
      skipped: p.skipped,
      remaining: p.assigned - p.submitted - p.skipped,
      labels: p.labels,
      secondsSpent: p.seconds,
    })),
  };
}

/** A task with its schema, its keymap and the selection its items came from. */
export function taskDetail(db: AnyDb, task: LoadedTask): TaskDetail {
  const selection = JSON.parse(task.record.selection) as TaskDetail['selection'];
  return { ...summaryOf(db, task.record), schema: task.schema, keymap: keymapFor(task.schema), selection };
}

/** The tasks; archived ones are hidden from annotators' lists (adjudicators and leads see them, marked). */
export function listTaskSummaries(ctx: ServiceContext): TaskSummary[] {
  const all = ctx.caller.role === 'adjudicator' || ctx.caller.role === 'lead';
  return listTasks(ctx.sql)
    .filter((t) => all || t.state !== 'archived')
    .map((t) => summaryOf(ctx.sql, t));
}

export function getTaskDetail(ctx: ServiceContext, ref: string | number): TaskDetail {
  return taskDetail(ctx.sql, loadTask(ctx.sql, ref));
}

function selectItems(db: AnyDb, schema: LabelSchema, args: CreateTaskArgs): number[] {
  const catalog = catalogQueries(db);
  const ids: number[] = [];
  for (const name of new Set(args.datasets)) {
    const dataset = catalog.datasetByName(name);
    if (!dataset) {
      throw new NotFoundError(`no dataset named "${name}" (datasets: ${datasetNames(db).join(', ') || 'none; import some first'})`);
    }
    if (schema.kinds.length > 0 && !schema.kinds.includes(dataset.kind as 'graph')) {
      throw new InvalidInputError(`schema ${schema.id} applies to ${schema.kinds.join(', ')} items; dataset "${name}" holds ${dataset.kind}s`);
    }
    const { rows } = listItems(db, { ...args.filter, datasetId: dataset.id }, { offset: 0, limit: Number.MAX_SAFE_INTEGER, sort: 'id', descending: false });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * Puts an annotator on a task if they are not on it yet, and fills their queue: when newly
 * added, with every item (`all` mode) or the items still short of annotators (`fixed` mode);
 * and in any case with `itemIds` (the items an imported file says they labelled). New items
 * are appended in the annotator's seeded order. Call inside a write transaction. A caller
 * putting many annotators on one task passes its `items` (read once: a crowd has 100+ raters).
 */
export function ensureOnTask(
  db: AnyDb,
  task: LoadedTask,
  annotator: AnnotatorRecord,
  itemIds: readonly number[] = [],
  items: readonly TaskItemRecord[] = taskItems(db, task.record.id),
): void {
  const added = addTaskAnnotator(db, task.record.id, annotator.id);
  const wanted = new Set(itemIds);
  if (added && task.record.overlap_mode === 'all') for (const i of items) wanted.add(i.item_id);
  if (added && task.record.overlap_mode === 'fixed' && itemIds.length === 0) {
    const counts = assigneeCounts(db, task.record.id);
    for (const i of items) if ((counts.get(i.item_id) ?? 0) < task.record.annotators_per_item) wanted.add(i.item_id);
  }
  const assigned = assignedItemIds(db, task.record.id, annotator.id);
  const missing = items.filter((i) => wanted.has(i.item_id) && !assigned.has(i.item_id));
  if (missing.length === 0) return;
  const ordered = seededOrder(missing, itemKeyOf, task.record.seed, `queue:${annotator.name}`);
  appendAssignments(db, task.record.id, annotator.id, ordered.map((i) => i.item_id));
}

/** Creates a task (see `tasks.create`). */
export function createTask(ctx: ServiceContext, args: CreateTaskArgs): Promise<TaskDetail> {
  const schema = 'preset' in args.schema ? requirePreset(args.schema.preset) : requireValidSchema(args.schema.json);
  if (args.adjudication.policy === 'threshold' && args.adjudication.threshold === undefined) {
    throw new InvalidInputError('adjudication.threshold is required with the threshold policy (a share of agreeing rater pairs, 0–1)');
  }
  const annotatorNames = [...new Set(args.annotators)];
  if (args.overlap === 'fixed' && annotatorNames.length > 0 && args.perItem > annotatorNames.length) {
    throw new InvalidInputError(`each item needs ${args.perItem} annotators, but only ${annotatorNames.length} were given (${annotatorNames.join(', ')})`);
  }
  const seed = args.seed ?? randomInt(0, 2 ** 31 - 1);
  const detail = ctx.sqlWrite((db): TaskDetail => {
    const existing = taskByName(db, args.name);
    if (existing?.state === 'trashed') throw new ConflictError(`a task named "${args.name}" is in the trash; restore it (accord tasks restore "${args.name}") or pick another name`);
    if (existing) throw new ConflictError(`a task named "${args.name}" already exists`);
    const itemIds = selectItems(db, schema, args);
    if (itemIds.length === 0) throw new InvalidInputError(`no items match: datasets ${args.datasets.join(', ')}${args.filter ? ' with the filter given' : ''}`);
    const taskId = insertTask(db, {
      name: args.name,
      schema_json: JSON.stringify(schema),
      schema_id: schema.id,
      schema_version: schema.version,
      annotators_per_item: args.perItem,
      overlap_mode: args.overlap,
      seed,
      blind: args.blind ? 1 : 0,
      hide_scores: args.hideScores === false ? 0 : 1,
      adjudication_policy: args.adjudication.policy,
      adjudication_threshold: args.adjudication.policy === 'threshold' ? (args.adjudication.threshold ?? null) : null,
      selection: JSON.stringify({ datasets: args.datasets, filter: args.filter ?? {} }),
    });
    addTaskItems(db, taskId, itemIds);
    const task = loadTask(db, taskId);
    const annotators = annotatorNames.map((name) => ensureAnnotator(db, name, 'annotator', { force: args.force }).annotator);
    const queues = assignItems({
      items: taskItems(db, taskId),
      keyOf: itemKeyOf,
      annotators: annotators.map((a) => a.name),
      mode: args.overlap,
      perItem: args.perItem,
      seed,
    });
    for (const annotator of annotators) {
      addTaskAnnotator(db, taskId, annotator.id);
      appendAssignments(db, taskId, annotator.id, queues.get(annotator.name)!.map((i) => i.item_id));
    }
    return taskDetail(db, task);
  });
  return detail.then((d) => {
    ctx.emit('workspace.changed', { what: 'tasks' });
    return d;
  });
}

/** Adds annotators to a task (see `tasks.assign`). */
export async function assignAnnotators(ctx: ServiceContext, ref: string | number, names: string[], force = false): Promise<TaskDetail> {
  const detail = await ctx.sqlWrite((db): TaskDetail => {
    const task = loadWritableTask(db, ref);
    const items = taskItems(db, task.record.id);
    for (const name of new Set(names)) ensureOnTask(db, task, ensureAnnotator(db, name, 'annotator', { force }).annotator, [], items);
    return taskDetail(db, task);
  });
  ctx.emit('workspace.changed', { what: 'tasks' });
  return detail;
}
