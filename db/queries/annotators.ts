import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { StoredRow } from '../sql/storedRow';

/** An annotator as stored. */
export type AnnotatorRecord = StoredRow<
  'annotators',
  {
    role: 'annotator' | 'adjudicator' | 'lead';
    /** 0: deactivated (or merged into another record): keeps their labels, cannot be assigned or act (0080). */
    active: number;
    /** The annotator this record was merged into (0080). */
    merged_into: number | null;
  }
>;

/** A rater as stored: a human annotator or a judge run. */
export type RaterRecord = StoredRow<
  'raters',
  {
    kind: 'human' | 'judge';
  }
>;

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

const now = () => new Date().toISOString();

export function listAnnotators(conn: AnyDb): AnnotatorRecord[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('annotators').selectAll().orderBy('name')) as AnnotatorRecord[];
}

export function annotatorByName(conn: AnyDb, name: string): AnnotatorRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('annotators').selectAll().where('name', '=', name)) as AnnotatorRecord | undefined;
}

export function annotatorById(conn: AnyDb, id: number): AnnotatorRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('annotators').selectAll().where('id', '=', id)) as AnnotatorRecord | undefined;
}

/** Inserts an annotator; the caller checks the name is free. */
export function insertAnnotator(conn: AnyDb, name: string, role: AnnotatorRecord['role']): AnnotatorRecord {
  const db = asSql(conn);
  const at = now();
  const { id } = db.one(db.q.insertInto('annotators').values({ name, role, created_at: at }).returning('id'))!;
  return { id, name, role, created_at: at, active: 1, deactivated_at: null, merged_into: null };
}

/** Renames an annotator and their rater (inside a write); the caller checks the name is free. */
export function renameAnnotator(conn: AnyDb, id: number, name: string): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('annotators').set({ name }).where('id', '=', id));
  db.run(db.q.updateTable('raters').set({ name }).where('annotator_id', '=', id).where('kind', '=', 'human'));
}

/** Deactivates (keeping their labels) or activates an annotator (inside a write); false when nothing changed. */
export function setAnnotatorActive(conn: AnyDb, id: number, active: boolean): boolean {
  const db = asSql(conn);
  const update = db.q
    .updateTable('annotators')
    .set({ active: active ? 1 : 0, deactivated_at: active ? null : now() })
    .where('id', '=', id)
    .where('active', '=', active ? 0 : 1);
  return db.run(update) > 0;
}

/** Marks `fromId` as merged into `intoId`, inactive (inside a write). */
export function markMerged(conn: AnyDb, fromId: number, intoId: number): void {
  const db = asSql(conn);
  db.run(
    db.q
      .updateTable('annotators')
      .set((eb) => ({ active: 0, deactivated_at: eb.fn.coalesce('deactivated_at', eb.val(now())), merged_into: intoId }))
      .where('id', '=', fromId),
  );
}

export function setAnnotatorRole(conn: AnyDb, id: number, role: AnnotatorRecord['role']): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('annotators').set({ role }).where('id', '=', id));
}

export function raterByName(conn: AnyDb, name: string): RaterRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('raters').selectAll().where('name', '=', name)) as RaterRecord | undefined;
}

export function raterOfAnnotator(conn: AnyDb, annotatorId: number): RaterRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('raters').selectAll().where('annotator_id', '=', annotatorId)) as RaterRecord | undefined;
}

/** The human rater of an annotator, created on first need (its name is the annotator's). */
export function ensureHumanRater(conn: AnyDb, annotator: AnnotatorRecord): RaterRecord {
  const db = asSql(conn);
  const existing = raterOfAnnotator(db, annotator.id);
  if (existing) return existing;
  const at = now();
  const { id } = db.one(db.q.insertInto('raters').values({ name: annotator.name, kind: 'human', annotator_id: annotator.id, created_at: at }).returning('id'))!;
  return { id, name: annotator.name, kind: 'human', annotator_id: annotator.id, judge_run_id: null, created_at: at };
}

/**
 * The rater of a judge run, created on first need. `judgeRunId` refers to the judge tables of
 * a later migration (null for judge labels imported from a file).
 *
 * @throws Error when the name belongs to a human rater.
 */
export function ensureJudgeRater(conn: AnyDb, name: string, judgeRunId: number | null): RaterRecord {
  const db = asSql(conn);
  const existing = raterByName(db, name);
  if (existing) {
    if (existing.kind !== 'judge') throw new Error(`"${name}" is an annotator, not a judge`);
    return existing;
  }
  const at = now();
  const { id } = db.one(db.q.insertInto('raters').values({ name, kind: 'judge', judge_run_id: judgeRunId, created_at: at }).returning('id'))!;
  return { id, name, kind: 'judge', annotator_id: null, judge_run_id: judgeRunId, created_at: at };
}
