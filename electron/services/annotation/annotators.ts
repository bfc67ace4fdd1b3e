import type { Annotator, AnnotatorRole, Identity } from '../../api/contract';
import {
  annotatorByName,
  ensureHumanRater,
  insertAnnotator,
  listAnnotators,
  raterByName,
  setAnnotatorRole,
  type AnnotatorRecord,
} from '../../../db/queries/annotators';
import { listTasks, taskProgress } from '../../../db/queries/tasks';
import type { Db } from '../../../db/workspace';
import type { ServiceContext } from '../context';
import { ConflictError } from '../errors';

function toAnnotator(row: AnnotatorRecord): Annotator {
  return { id: row.id, name: row.name, role: row.role, createdAt: row.created_at };
}

/**
 * The annotator with this name, created with `role` when new (with their rater). Call inside
 * a write.
 *
 * @throws ConflictError when the name belongs to a judge rater.
 */
export function ensureAnnotator(db: Db, name: string, role: AnnotatorRole = 'annotator'): { annotator: AnnotatorRecord; created: boolean } {
  const existing = annotatorByName(db, name);
  if (existing) return { annotator: existing, created: false };
  if (raterByName(db, name)) throw new ConflictError(`"${name}" is the name of a judge rater; pick another name for the annotator`);
  const annotator = insertAnnotator(db, name, role);
  ensureHumanRater(db, annotator);
  return { annotator, created: true };
}

export function listAnnotatorViews(ctx: ServiceContext): Annotator[] {
  return listAnnotators(ctx.db).map(toAnnotator);
}

/** Creates an annotator or changes their role. */
export function upsertAnnotator(ctx: ServiceContext, name: string, role: AnnotatorRole): Promise<Annotator> {
  return ctx.write(() => {
    const { annotator, created } = ensureAnnotator(ctx.db, name, role);
    if (!created && annotator.role !== role) setAnnotatorRole(ctx.db, annotator.id, role);
    return toAnnotator({ ...annotator, role });
  });
}

/**
 * "Who are you?": the person by name (created on first use, with `role` or as an annotator),
 * with `role` set when given, and their tasks with progress. In the desktop app and single-user
 * browser mode the person at the machine says who they are (README, "Who is calling").
 */
export function identify(ctx: ServiceContext, name: string, role?: AnnotatorRole): Promise<Identity> {
  return ctx.write((): Identity => {
    const found = ensureAnnotator(ctx.db, name, role);
    const annotator = role && found.annotator.role !== role ? { ...found.annotator, role } : found.annotator;
    if (annotator !== found.annotator) setAnnotatorRole(ctx.db, annotator.id, annotator.role);
    const created = found.created;
    const tasks = listTasks(ctx.db).flatMap((task) => {
      const mine = taskProgress(ctx.db, task.id).find((p) => p.annotator_id === annotator.id);
      if (!mine) return [];
      return [{ task: task.name, taskId: task.id, assigned: mine.assigned, submitted: mine.submitted, remaining: mine.assigned - mine.submitted - mine.skipped }];
    });
    return { annotator: toAnnotator(annotator), created, tasks };
  });
}
