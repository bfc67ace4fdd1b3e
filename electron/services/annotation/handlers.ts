import type { HandlerTable } from '../handlerTypes';
import { acceptUnanimous, adjudicationItem, adjudicationQueue, listGold, setGold } from './adjudication';
import { identify, listAnnotatorViews, upsertAnnotator } from './annotators';
import { exportLabels } from './labelExport';
import { importLabelsFile } from './labelImport';
import { clearLabel, listItemLabels, saveLabel, submitItem, undoLast } from './labeling';
import { exportPack, importPack } from './packs';
import { getQueue, queueNext, queuePrevious, skipItem } from './queue';
import { exportSchema, importSchemaText, listPresets } from './schemas';
import { validateLabelSchema } from '../../core/schemas/schemaJson';
import { assignAnnotators, createTask, getTaskDetail, listTaskSummaries } from './tasks';

/** Annotators, schemas, tasks, queues, labels, packs and adjudication (issue 4). */
export const annotationHandlers = {
  'annotators.list': (_args, ctx) => listAnnotatorViews(ctx),
  'annotators.upsert': ({ name, role, force }, ctx) => upsertAnnotator(ctx, name, role, force),
  'annotators.identify': ({ name, role, force }, ctx) => identify(ctx, name, role, force),

  'schemas.presets': () => listPresets(),
  'schemas.validate': ({ schema }) => validateLabelSchema(schema),
  'schemas.import': ({ text }) => importSchemaText(text),
  'schemas.export': (args, ctx) => exportSchema(ctx, args),

  'tasks.create': (args, ctx) => createTask(ctx, args),
  'tasks.list': (_args, ctx) => listTaskSummaries(ctx),
  'tasks.get': ({ task }, ctx) => getTaskDetail(ctx, task),
  'tasks.assign': ({ task, annotators, force }, ctx) => assignAnnotators(ctx, task, annotators, force),

  'queue.get': ({ task }, ctx) => getQueue(ctx, task),
  'queue.next': ({ task, after }, ctx) => ({ entry: queueNext(ctx, task, after) }),
  'queue.previous': ({ task, before }, ctx) => ({ entry: queuePrevious(ctx, task, before) }),
  'queue.skip': ({ task, itemId }, ctx) => skipItem(ctx, task, itemId),

  'labels.save': (args, ctx) => saveLabel(ctx, args),
  'labels.clear': (args, ctx) => clearLabel(ctx, args),
  'labels.undo': (args, ctx) => undoLast(ctx, args),
  'labels.list': (args, ctx) => listItemLabels(ctx, args),
  'labels.submit': (args, ctx) => submitItem(ctx, args),
  'labels.import': (args, ctx) => importLabelsFile(ctx, args),
  'labels.export': (args, ctx) => exportLabels(ctx, args),

  'packs.export': (args, ctx) => exportPack(ctx, args),
  'packs.import': (args, ctx) => importPack(ctx, args),

  'adjudication.queue': (args, ctx) => adjudicationQueue(ctx, args),
  'adjudication.item': (args, ctx) => adjudicationItem(ctx, args),
  'adjudication.setGold': (args, ctx) => setGold(ctx, args),
  'adjudication.acceptUnanimous': (args, ctx) => acceptUnanimous(ctx, args),
  'gold.list': (args, ctx) => listGold(ctx, args),
} satisfies HandlerTable<
  | 'annotators.list'
  | 'annotators.upsert'
  | 'annotators.identify'
  | 'schemas.presets'
  | 'schemas.validate'
  | 'schemas.import'
  | 'schemas.export'
  | 'tasks.create'
  | 'tasks.list'
  | 'tasks.get'
  | 'tasks.assign'
  | 'queue.get'
  | 'queue.next'
  | 'queue.previous'
  | 'queue.skip'
  | 'labels.save'
  | 'labels.clear'
  | 'labels.undo'
  | 'labels.list'
  | 'labels.submit'
  | 'labels.import'
  | 'labels.export'
  | 'packs.export'
  | 'packs.import'
  | 'adjudication.queue'
  | 'adjudication.item'
  | 'adjudication.setGold'
  | 'adjudication.acceptUnanimous'
  | 'gold.list'
>;
