import { z } from 'zod';
import type { ArtifactKind } from '../../core/formats/types';
import { method } from '../define';

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
}

export interface ImportReport {
  files: ImportFileReport[];
}

const importSource = z.union([
  z.object({ path: z.string().min(1) }),
  z.object({ uploadId: z.string().min(1), name: z.string().min(1) }),
]);

export const datasetMethods = {
  'datasets.list': method<DatasetSummary[]>()(z.object({}), { access: 'public' }),
  'datasets.import': method<ImportReport>()(
    z.object({
      sources: z.array(importSource).min(1),
      dataset: z.string().min(1).optional(),
      skipInvalid: z.boolean().optional(),
      jobId: z.string().optional(),
    }),
    { access: 'lead', long: true },
  ),
  'datasets.delete': method<{ deleted: boolean }>()(z.object({ id: z.number().int() }), { access: 'lead' }),
};
