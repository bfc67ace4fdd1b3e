import type { Annotator, AnnotatorRole, Identity } from '../../api/contract';
import {
  annotatorById,
  annotatorByName,
  ensureHumanRater,
  insertAnnotator,
  listAnnotators,
  raterByName,
  setAnnotatorRole,
  type AnnotatorRecord,
} from '../../../db/queries/annotators';
import { listTasks, taskProgress } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { ServiceContext } from '../context';
import { ConflictError, ForbiddenError } from '../errors';
import { similarNames } from '../../common/personName';

export function toAnnotator(db: AnyDb, row: AnnotatorRecord): Annotator {
  const mergedInto = row.merged_into === null ? null : (annotatorById(db, row.merged_into)?.name ?? null);
  return { id: row.id, name: row.name, role: row.role, createdAt: row.created_at, active: row.active === 1, mergedInto };
}

/** Why an inactive annotator cannot act or be assigned, with what to do instead. */
export function inactiveReason(db: AnyDb, annotator: AnnotatorRecord): string {
  if (annotator.merged_into !== null) {
    const into = annotatorById(db, annotator.merged_into)?.name ?? 'another annotator';
    return `"${annotator.name}" was merged into "${into}": use "${into}"`;
  }
  return `"${annotator.name}" is deactivated (their labels are kept); a lead can activate them again (accord annotators activate "${annotator.name}")`;
}

/**
 * Refuses a new person's name that differs from an existing one's only by case or spacing
 * ("Ana" beside "ana"), unless `force`: two records of one person split their labels.
 *
 * @throws ConflictError naming the existing person and how to go on.
 */
export function checkNewName(db: AnyDb, name: string, force: boolean, except?: string): void {
  if (force) return;
  const similar = similarNames(
    name,
    listAnnotators(db)
      .map((a) => a.name)
      .filter((n) => n !== except),
  );
  if (similar.length > 0) {
    throw new ConflictError(
      `"${name}" differs from the existing annotator ${similar.map((s) => `"${s}"`).join(', ')} only by case or spacing; use "${similar[0]}", or pass force (--force) if "${name}" is someone else`,
    );
  }
}

/**
 * The annotator with this name, created with `role` when new (with their rater). Call inside
 * a write. A new name like an existing one but for case or spacing is refused unless `force`.
 *
 * @throws ConflictError when the name belongs to a judge rater, resembles an existing person's,
 *   or names a deactivated (or merged) annotator, who cannot be assigned or act.
 */
export function ensureAnnotator(db: AnyDb, name: string, role: AnnotatorRole = 'annotator', options: { force?: boolean } = {}): { annotator: AnnotatorRecord; created: boolean } {
  const existing = annotatorByName(db, name);
  if (existing) {
    if (existing.active !== 1) throw new ConflictError(inactiveReason(db, existing));
    return { annotator: existing, created: false };
  }
  if (raterByName(db, name)) throw new ConflictError(`"${name}" is the name of a judge rater; pick another name for the annotator`);
  checkNewName(db, name, options.force ?? false);
  const annotator = insertAnnotator(db, name, role);
  ensureHumanRater(db, annotator);
  return { annotator, created: true };
}

export function listAnnotatorViews(ctx: ServiceContext): Annotator[] {
  return listAnnotators(ctx.sql).map((a) => toAnnotator(ctx.sql, a));
}

/** Creates an annotator or changes their role. */
export function upsertAnnotator(ctx: ServiceContext, name: string, role: AnnotatorRole, force = false): Promise<Annotator> {
  return ctx.sqlWrite((db) => {
    const { annotator, created } = ensureAnnotator(db, name, role, { force });
    if (!created && annotator.role !== role) setAnnotatorRole(db, annotator.id, role);
    return toAnnotator(db, { ...annotator, role });
  });
}

/**
 * "Who are you?": the person by name (created on first use, with `role` or as an annotator),
 * with `role` set when given, and their tasks with progress. In the desktop app and single-user
 * browser mode the person at the machine says who they are (README, "Who is calling").
 */
export function identify(ctx: ServiceContext, name: string, role?: AnnotatorRole, force = false): Promise<Identity> {
  return ctx.sqlWrite((db): Identity => {
    const known = annotatorByName(db, name);
    // Nobody acts as a deactivated person: the window asking "who are you?" is told why.
    if (known && known.active !== 1) throw new ForbiddenError(inactiveReason(db, known));
    const found = ensureAnnotator(db, name, role, { force });
    const annotator = role && found.annotator.role !== role ? { ...found.annotator, role } : found.annotator;
    if (annotator !== found.annotator) setAnnotatorRole(db, annotator.id, annotator.role);
    const created = found.created;
    // An archived task is hidden from its annotators' lists (it is read-only until unarchived).
    const tasks = listTasks(db).filter((task) => task.state !== 'archived').flatMap((task) => {
      const mine = taskProgress(db, task.id).find((p) => p.annotator_id === annotator.id);
      if (!mine) return [];
      return [{ task: task.name, taskId: task.id, assigned: mine.assigned, submitted: mine.submitted, remaining: mine.assigned - mine.submitted - mine.skipped }];
    });
    return { annotator: toAnnotator(db, annotator), created, tasks };
  });
}
