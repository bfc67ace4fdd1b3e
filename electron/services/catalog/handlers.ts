import type { HandlerTable } from '../handlerTypes';
import { resolveSource, type FileSource } from '../annotation/sources';
import { resolveMapping } from '../mappings/mappings';
import { importFiles, type ImportSource } from '../import/importFiles';
import type { ServiceContext } from '../context';
import { cancelJobAnywhere } from '../cancelLeasedJob';
import { queueImport } from '../leasedImports';
import { impactOf, listTrash, moveToTrash, purgeFromTrash, restoreFromTrash } from './trash';
import { getItemDetail, getItemNeighbours, listDatasets, listItemPage, listMetadataFields, workspaceInfo } from './catalog';

/** Workspace, dataset and item methods. */
export const catalogHandlers = {
  'workspace.info': (_args, ctx) => workspaceInfo(ctx),
  'jobs.cancel': ({ jobId }, ctx) => cancelJobAnywhere(ctx, jobId),
  'datasets.list': (_args, ctx) => listDatasets(ctx),
  // A team server queues the import as a job any of its servers may run (leasedImports.ts); elsewhere it runs in the request.
  'datasets.import': ({ sources, dataset, skipInvalid, jobId, limits, preset, mapping }, ctx) =>
    (ctx.leasedJobs ? queueImport : importFiles)(ctx, sources.map((s) => toImportSource(s, ctx)), { dataset, skipInvalid, jobId, limits, preset, mapping: mapping === undefined ? undefined : resolveMapping(ctx, mapping) }),
  'datasets.impact': ({ id }, ctx) => impactOf(ctx, id),
  'datasets.delete': ({ id }, ctx) => moveToTrash(ctx, id),
  'datasets.trash': (_args, ctx) => listTrash(ctx),
  'datasets.restore': ({ id }, ctx) => restoreFromTrash(ctx, id),
  'datasets.purge': ({ id, confirm }, ctx) => purgeFromTrash(ctx, id, confirm),
  'items.list': (args, ctx) => listItemPage(ctx, args),
  'items.get': ({ id }, ctx) => getItemDetail(ctx, id),
  'items.neighbours': (args, ctx) => getItemNeighbours(ctx, args),
  'items.metadataFields': ({ datasetId }, ctx) => listMetadataFields(ctx, datasetId),
} satisfies HandlerTable<
  | 'workspace.info'
  | 'jobs.cancel'
  | 'datasets.list'
  | 'datasets.import'
  | 'datasets.impact'
  | 'datasets.delete'
  | 'datasets.trash'
  | 'datasets.restore'
  | 'datasets.purge'
  | 'items.list'
  | 'items.get'
  | 'items.neighbours'
  | 'items.metadataFields'
>;

function toImportSource(source: FileSource & { folder?: string }, ctx: ServiceContext): ImportSource {
  const file = resolveSource(ctx, source);
  return source.folder === undefined ? file : { ...file, folder: source.folder };
}

