import { compareNames } from '../../common/personName';
import type { ServiceContext } from '../context';
import { ConflictError } from '../errors';
import { checkLabelsImporter } from '../annotation/access';
import { importLabelCells } from '../annotation/labelImport';
import { createTask } from '../annotation/tasks';

/** The labels a file's items carried, gathered during its import. */
export interface CollectedAnnotations {
  /** The label schema (JSON) they answer; the same for every item of a file. */
  schema: Record<string, unknown> | null;
  labels: { item: string; question: string; rater: string; value: string }[];
}

/** What the import made of them, for its report. */
export interface AnnotationTaskReport {
  /** The task's id, when one was made. */
  id?: number;
  name: string;
  questions: number;
  raters: number;
  labels: number;
  /** Why no task was made (a task of that name exists), else absent. */
  note?: string;
}

/**
 * Refuses, before the dataset is published, a release whose labels the caller may not import
 * (another rater's, for anyone below adjudicator: see checkLabelsImporter), so that the refusal
 * leaves nothing behind; found only when its task was made, it left the dataset in place.
 */
export function checkAnnotationImporter(ctx: ServiceContext, collected: CollectedAnnotations): void {
  if (collected.labels.length === 0) return;
  checkLabelsImporter(ctx, [...new Set(collected.labels.map((l) => l.rater))].map((rater) => ({ rater, line: null })));
}

/**
 * Creates a task over the just-imported dataset whose questions are the file's declared
 * metrics, with its raters (anonymous slots) as annotators, and imports the labels with the
 * checks and writes of a labels file (those of `accord labels import`: values on the scale,
 * items in the task), handed over in memory. The task is named after the dataset; when one of
 * that name exists, nothing is made and the report says so.
 */
export async function createAnnotationTask(
  ctx: ServiceContext,
  dataset: string,
  collected: CollectedAnnotations,
  onProgress?: (done: number, total: number) => void,
): Promise<AnnotationTaskReport> {
  const raters = [...new Set(collected.labels.map((l) => l.rater))].sort(compareNames);
  const questions = Array.isArray(collected.schema?.questions) ? collected.schema.questions.length : 0;
  const report: AnnotationTaskReport = { name: dataset, questions, raters: raters.length, labels: collected.labels.length };
  // Said before the task is made (seconds for a crowd's): how many labels are coming.
  onProgress?.(0, collected.labels.length);
  try {
    const task = await createTask(ctx, {
      name: dataset,
      schema: { json: collected.schema },
      datasets: [dataset],
      annotators: raters,
      overlap: 'all',
      perItem: 1,
      blind: true,
      adjudication: { policy: 'any' },
    });
    report.id = task.id;
  } catch (error) {
    if (error instanceof ConflictError) return { ...report, labels: 0, note: `a task named "${dataset}" exists; its labels were left as they are` };
    throw error;
  }
  const outcome = await importLabelCells(ctx, { task: dataset, name: `the labels of ${dataset}`, cells: collected.labels }, { onProgress });
  if (outcome.status === 'rejected') {
    const listed = outcome.errors.map((e) => (e.line === null ? e.message : `label ${e.line}: ${e.message}`));
    throw new Error(`the labels of ${dataset} could not be imported: ${listed.join('; ')}`);
  }
  return { ...report, labels: outcome.added + outcome.changed + outcome.unchanged };
}
