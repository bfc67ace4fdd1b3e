import { z } from 'zod';
import type { DatasetImpactCounts } from '../../common/deletionImpact';
import type { ArtifactKind } from '../../core/formats/types';
import { method } from '../define';
import { importSource } from './fileSources';

/** One row of the dataset list. */
export interface DatasetSummary {
  id: number;
  name: string;
  kind: ArtifactKind;
  itemCount: number;
  /** Items with at least one finding of each severity. */
  itemsWithErrors: number;
  itemsWithWarnings: number;
  findingCount: number;
  files: { fileName: string; format: string; itemCount: number; skippedCount: number; importedAt: string }[];
  createdAt: string;
}

/** One error of an imported file; `line`/`column` are 1-based, null when not applicable. */
export interface ImportFileError {
  line: number | null;
  column: number | null;
  message: string;
}

/** The outcome for one file, as printed by `accord import --json`. */
export interface ImportFileReport {
  file: string;
  format: string | null;
  kind: ArtifactKind | null;
  dataset: string | null;
  /** 'imported' | 'unchanged' (same content imported before) | 'rejected'. */
  status: 'imported' | 'unchanged' | 'rejected';
  imported: number;
  skipped: number;
  errors: ImportFileError[];
  /**
   * The task the import made from labels the file carries (JUDGE-BENCH's human scores):
   * its id (when one was made), name, questions, rater slots and labels; `note` says why none
   * was made. Absent otherwise.
   */
  task?: { id?: number; name: string; questions: number; raters: number; labels: number; note?: string };
  /**
   * Error and warning findings on the items this import wrote (what a reader could not read, a
   * broken trace), so a report never reads as clean when they are not: absent when none.
   */
  findings?: { errors: number; warnings: number };
  /**
   * Items this re-import changed that had labels: the labels stay, flagged as made on an
   * earlier version of their item until their rater checks and saves them again. Absent when none.
   */
  changedLabelled?: ChangedLabelledItems;
}

/** Labelled items a re-import changed, and how many of their labels (per rater) now sit on an earlier version. */
export interface ChangedLabelledItems {
  items: number;
  labels: number;
  byRater: { rater: string; kind: 'human' | 'judge'; labels: number }[];
}

export interface ImportReport {
  files: ImportFileReport[];
}

/**
 * What deleting a dataset takes with it: the human work under its items, counted, so the
 * dialog and the CLI say exactly what goes before anything does.
 */
export interface DeletionImpact extends DatasetImpactCounts {
  dataset: string;
}

/** A dataset in the trash: hidden everywhere, everything under it kept until restored or purged. */
export interface TrashedDataset {
  id: number;
  name: string;
  kind: ArtifactKind;
  trashedAt: string;
  trashedBy: string | null;
  impact: DeletionImpact;
}

const datasetId = z.number().int();

export const datasetMethods = {
  'datasets.list': method<DatasetSummary[]>()(z.object({}), { access: 'public' }),
  /**
   * Imports files (paths, or uploads in browser mode). On a team server the import is a job
   * any of the team's servers runs (another takes it over if that one dies); the call waits for
   * it and answers with its report.
   */
  'datasets.import': method<ImportReport>()(
    z.object({
      sources: z.array(importSource).min(1),
      dataset: z.string().min(1).optional(),
      skipInvalid: z.boolean().optional(),
      jobId: z.string().optional(),
      /** Read the files with this preset instead of detecting their format (`accord import --preset`). */
      preset: z.string().min(1).optional(),
      /** Read the files through this mapping (checked by the service; `accord import --mapping`). */
      mapping: z.unknown().optional(),
      /** Longest record, largest document read whole, most CSV columns (defaults: core/formats/recordLimits.ts). */
      limits: z
        .object({ maxRecordBytes: z.number().int().positive(), maxDocumentBytes: z.number().int().positive(), maxColumns: z.number().int().positive() })
        .partial()
        .optional(),
    }),
    { access: 'lead', long: true },
  ),
  /** What deleting the dataset would take with it (for the confirmation). */
  'datasets.impact': method<DeletionImpact>()(z.object({ id: datasetId }), { access: 'lead' }),
  /**
   * Deletes a dataset by moving it to the trash: hidden from every list, task, agreement and
   * export at once, with its items, labels and their history, gold and judge calls all kept, so
   * `datasets.restore` brings every label back. Says what went. Purging is separate.
   */
  'datasets.delete': method<{ trashed: boolean; impact: DeletionImpact }>()(z.object({ id: datasetId }), { access: 'lead' }),
  /** The datasets in the trash, newest first, each with what it holds. */
  'datasets.trash': method<TrashedDataset[]>()(z.object({}), { access: 'lead' }),
  /** Brings a trashed dataset back as it was, every label with it (its name stays reserved while it is in the trash). */
  'datasets.restore': method<{ restored: boolean }>()(z.object({ id: datasetId }), { access: 'lead' }),
  /**
   * Deletes a trashed dataset for good, after a backup of the workspace. `confirm` must be the
   * dataset's name, typed: a deliberate act, never a click.
   */
  'datasets.purge': method<{ purged: boolean; backup: string | null; impact: DeletionImpact }>()(
    z.object({ id: datasetId, confirm: z.string() }),
    { access: 'lead' },
  ),
};
