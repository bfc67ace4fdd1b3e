import type { AnnotatorRecord } from '../../../db/queries/annotators';
import type { Db } from '../../../db/workspace';
import { ForbiddenError } from '../errors';
import { requireAnnotator } from './taskContext';

/*
 * Blind annotation (DESIGN.md §4): an annotator must not see the other raters' labels, human
 * or judge, so whatever reveals them — agreement, adjudication, the all-raters labels export,
 * someone else's label pack, a judge run's calls, calibration and comparison — is for
 * adjudicators and leads. The screens always say who is asking; the CLI, run by whoever holds
 * the workspace file (and so every label already), names nobody and is not asked. Names are
 * declared, not authenticated: this keeps honest people blind, as the design asks, and is no
 * defence against someone who holds the workspace.
 */

/** Why each gated method refuses an annotator: what it reveals, and who may use it. */
export const REFUSALS = {
  adjudication: 'only adjudicators and leads can see all labels and set gold',
  adjudicationQueue: 'the adjudication queue shows the answers raters disagree on, so only adjudicators and leads can see it',
  gold: 'gold labels are the settled answers of every rater, so only adjudicators and leads can see them',
  labelsExport: "the labels export holds every rater's labels, so only adjudicators and leads can export it (export your own labels as a label pack)",
  judgeCalibration: "judge calibration puts a judge beside every annotator's labels and gold, with their rationales, so only adjudicators and leads can see it",
  judgeCalls: "a judge run's calls hold the judge's answer on each unit, a strong hint to anyone still labeling them, so only adjudicators and leads can see them",
  judgeComparison: 'comparing judge runs scores each against gold, unit by unit, so only adjudicators and leads can see it',
  judgeRun: "judge runs spend the workspace's API key and budget and add a judge's labels to the task, so only adjudicators and leads can start, resume or cancel them",
} as const;

/** Whether a role may see every rater's labels. */
export function seesAllLabels(role: AnnotatorRecord['role']): boolean {
  return role !== 'annotator';
}

/**
 * The named person, who must be an adjudicator or a lead.
 *
 * @param refusal What the refusal says after "<name> is an annotator; " (see {@link REFUSALS}).
 * @throws NotFoundError when nobody of that name is known; ForbiddenError for an annotator.
 */
export function requireAllLabelsViewer(db: Db, name: string, refusal: string): AnnotatorRecord {
  const viewer = requireAnnotator(db, name);
  if (!seesAllLabels(viewer.role)) throw new ForbiddenError(`${viewer.name} is an annotator; ${refusal}`);
  return viewer;
}

/** {@link requireAllLabelsViewer} when someone is named; nobody named (the CLI) is not asked. */
export function checkAllLabelsViewer(db: Db, name: string | undefined, refusal: string): void {
  if (name !== undefined) requireAllLabelsViewer(db, name, refusal);
}

/**
 * A label pack holds one annotator's labels: theirs to export, anyone's for an adjudicator or
 * a lead; nobody named (the CLI) is not asked.
 *
 * @throws NotFoundError for an unknown name; ForbiddenError for an annotator asking for someone else's pack.
 */
export function checkPackViewer(db: Db, name: string | undefined, owner: AnnotatorRecord): void {
  if (name === undefined) return;
  const viewer = requireAnnotator(db, name);
  if (viewer.id === owner.id || seesAllLabels(viewer.role)) return;
  throw new ForbiddenError(
    `${viewer.name} is an annotator; ${owner.name}'s label pack holds ${owner.name}'s labels, so only adjudicators and leads can export it (${viewer.name} may export their own pack)`,
  );
}

/**
 * An annotator may import a labels file of their own labels only: a row in another rater's
 * name would overwrite that rater's answer, and the report's "unchanged" count would tell
 * whether a guess was what they had answered. Adjudicators and leads import any file; nobody
 * named (the CLI) is not asked.
 *
 * @param rows The raters of the file's rows, with their 1-based lines.
 * @throws NotFoundError for an unknown name; ForbiddenError naming the first rows of other raters.
 */
export function checkLabelsImporter(db: Db, name: string | undefined, rows: readonly { rater: string; line: number }[]): void {
  if (name === undefined) return;
  const importer = requireAnnotator(db, name);
  if (seesAllLabels(importer.role)) return;
  const others = new Map<string, number>();
  for (const row of rows) if (row.rater !== importer.name && !others.has(row.rater)) others.set(row.rater, row.line);
  if (others.size === 0) return;
  const listed = [...others].slice(0, 3).map(([rater, line]) => `"${rater}" (line ${line})`);
  const more = others.size > 3 ? ` and ${others.size - 3} more` : '';
  throw new ForbiddenError(
    `${importer.name} is an annotator and may import only their own labels; the file has labels of ${listed.join(', ')}${more}. Only adjudicators and leads can import other raters' labels`,
  );
}
