import { counted } from './numberFormat';

/** The task an import made from the labels a release carries (ImportFileReport.task). */
export interface ReleaseTask {
  name: string;
  questions: number;
  raters: number;
  labels: number;
  note?: string;
}

/**
 * What the import made of a release's labels, as the CLI's report and the import dialog say it:
 * `task "support": 2 questions, 3 raters (anonymous slots), 34 labels`, or why no task was made.
 */
export function releaseTaskLine(task: ReleaseTask): string {
  return task.note ?? `task "${task.name}": ${counted(task.questions, 'question')}, ${counted(task.raters, 'rater')} (anonymous slots), ${counted(task.labels, 'label')}`;
}
