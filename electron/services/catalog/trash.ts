import type { DeletionImpact, TrashedDataset } from '../../api/contract';
import type { ArtifactKind } from '../../core/formats/types';
import { deleteDatasetChunk } from '../../../db/queries/imports';
import { datasetAnyState, datasetImpact, markTrashedForDeletion, restoreDataset, trashDataset, trashedDatasets } from '../../../db/queries/trash';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { moveToTrash as moveToTrashOf, purgeForGood, restoreFromTrash as restoreOf, type Trashable } from '../trash/trashLifecycle';

/*
 * Nothing lost silently: deleting a dataset moves it to the trash, where everything under it
 * (items, labels and their history, submissions, gold, judge calls) is kept and hidden from
 * every reader (they list `ready` datasets only, migration 0050) until a lead restores it or
 * purges it for good — a deliberate act (the name typed) taken after a backup.
 */

/** What a dataset holds that deleting it would remove. @throws NotFoundError */
export function impactOf(ctx: ServiceContext, id: number): DeletionImpact {
  const dataset = datasetAnyState(ctx.sql, id);
  if (!dataset || dataset.state === 'importing' || dataset.state === 'deleting') throw new NotFoundError(`no dataset with id ${id}`);
  return { dataset: dataset.name, ...datasetImpact(ctx.sql, id) };
}

/** A dataset as the trash lifecycle moves it (services/trash/trashLifecycle.ts). @throws NotFoundError */
function trashable(ctx: ServiceContext, id: number): Trashable<DeletionImpact> {
  const dataset = datasetAnyState(ctx.sql, id);
  if (!dataset || dataset.state === 'importing' || dataset.state === 'deleting') throw new NotFoundError(`no dataset with id ${id}`);
  return {
    kind: 'dataset',
    label: `dataset "${dataset.name}"`,
    state: dataset.state === 'ready' ? 'active' : dataset.state,
    confirmation: dataset.name,
    confirmationWords: 'its name',
    changed: 'datasets',
    impact: () => impactOf(ctx, id),
    trash: (db, by, at) => trashDataset(db, id, by, at),
    restore: (db) => restoreDataset(db, id),
    markForDeletion: (db) => markTrashedForDeletion(db, id),
    purgeChunk: (db, hold) => deleteDatasetChunk(db, id, hold),
  };
}

/** Moves a dataset to the trash (see `datasets.delete`). */
export async function moveToTrash(ctx: ServiceContext, id: number): Promise<{ trashed: boolean; impact: DeletionImpact }> {
  return moveToTrashOf(ctx, trashable(ctx, id));
}

export function listTrash(ctx: ServiceContext): TrashedDataset[] {
  return trashedDatasets(ctx.sql).map((d) => ({
    id: d.id,
    name: d.name,
    kind: d.kind as ArtifactKind,
    trashedAt: d.trashed_at,
    trashedBy: d.trashed_by,
    impact: { dataset: d.name, ...datasetImpact(ctx.sql, d.id) },
  }));
}

/** Restores a trashed dataset (see `datasets.restore`). */
export async function restoreFromTrash(ctx: ServiceContext, id: number): Promise<{ restored: boolean }> {
  return restoreOf(ctx, trashable(ctx, id));
}

/**
 * Deletes a trashed dataset for good (see `datasets.purge`): after the typed name is checked
 * and a backup of the workspace is written, the dataset is handed to the chunked deletion.
 */
export async function purgeFromTrash(ctx: ServiceContext, id: number, confirm: string): Promise<{ purged: boolean; backup: string | null; impact: DeletionImpact }> {
  return purgeForGood(ctx, trashable(ctx, id), confirm);
}
