import type { DeletionImpact, TrashedDataset } from '../../api/contract';
import type { ArtifactKind } from '../../core/formats/types';
import { deleteDatasetChunk } from '../../../db/queries/imports';
import { datasetAnyState, datasetImpact, markTrashedForDeletion, restoreDataset, trashDataset, trashedDatasets } from '../../../db/queries/trash';
import { writeChunks } from '../../../db/writePath';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';

/*
 * Nothing lost silently: deleting a dataset moves it to the trash, where everything under it
 * (items, labels and their history, submissions, gold, judge calls) is kept and hidden from
 * every reader (they list `ready` datasets only, migration 0050) until a lead restores it or
 * purges it for good — a deliberate act (the name typed) taken after a backup.
 */

/** What a dataset holds that deleting it would remove. @throws NotFoundError */
export function impactOf(ctx: ServiceContext, id: number): DeletionImpact {
  const dataset = datasetAnyState(ctx.db, id);
  if (!dataset || dataset.state === 'importing' || dataset.state === 'deleting') throw new NotFoundError(`no dataset with id ${id}`);
  return { dataset: dataset.name, ...datasetImpact(ctx.db, id) };
}

/** Moves a dataset to the trash (see `datasets.delete`). */
export async function moveToTrash(ctx: ServiceContext, id: number): Promise<{ trashed: boolean; impact: DeletionImpact }> {
  const dataset = datasetAnyState(ctx.db, id);
  if (!dataset || dataset.state !== 'ready') {
    if (dataset?.state === 'trashed') return { trashed: false, impact: impactOf(ctx, id) };
    throw new NotFoundError(`no dataset with id ${id}`);
  }
  const impact = impactOf(ctx, id);
  const trashed = await ctx.write((db) => trashDataset(db, id, ctx.caller.name, new Date().toISOString()), { label: 'trash dataset' });
  if (trashed) ctx.emit('workspace.changed', { what: 'datasets' });
  return { trashed, impact };
}

export function listTrash(ctx: ServiceContext): TrashedDataset[] {
  return trashedDatasets(ctx.db).map((d) => ({
    id: d.id,
    name: d.name,
    kind: d.kind as ArtifactKind,
    trashedAt: d.trashed_at,
    trashedBy: d.trashed_by,
    impact: { dataset: d.name, ...datasetImpact(ctx.db, d.id) },
  }));
}

/** Restores a trashed dataset (see `datasets.restore`). */
export async function restoreFromTrash(ctx: ServiceContext, id: number): Promise<{ restored: boolean }> {
  const dataset = datasetAnyState(ctx.db, id);
  if (!dataset || dataset.state !== 'trashed') throw new NotFoundError(`no dataset with id ${id} in the trash`);
  const restored = await ctx.write((db) => restoreDataset(db, id), { label: 'restore dataset' });
  if (restored) ctx.emit('workspace.changed', { what: 'datasets' });
  return { restored };
}

/**
 * Deletes a trashed dataset for good (see `datasets.purge`): after the typed name is checked
 * and a backup of the workspace is written, the dataset is handed to the chunked deletion.
 */
export async function purgeFromTrash(ctx: ServiceContext, id: number, confirm: string): Promise<{ purged: boolean; backup: string | null; impact: DeletionImpact }> {
  const dataset = datasetAnyState(ctx.db, id);
  if (!dataset || dataset.state !== 'trashed') throw new ConflictError(`dataset ${dataset ? `"${dataset.name}"` : id} is not in the trash; delete it first (it then stays restorable), and purge it from the trash`);
  if (confirm !== dataset.name) throw new InvalidInputError(`to delete "${dataset.name}" for good, type its name exactly (got "${confirm}")`);
  const impact = impactOf(ctx, id);
  const backup = ctx.backups ? await ctx.backups.beforeDestructive(`purge dataset ${dataset.name}`) : null;
  const purged = await ctx.write((db) => markTrashedForDeletion(db, id), { label: 'purge dataset' });
  if (purged) await writeChunks(ctx.write, (db, hold) => deleteDatasetChunk(db, id, hold), 'purge dataset');
  ctx.emit('workspace.changed', { what: 'datasets' });
  return { purged, backup, impact };
}
