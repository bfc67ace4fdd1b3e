import type { Db } from '../workspace';

/** An annotator as stored. */
export interface AnnotatorRecord {
  id: number;
  name: string;
  role: 'annotator' | 'adjudicator' | 'lead';
  created_at: string;
  /** 0: deactivated (or merged into another record): keeps their labels, cannot be assigned or act (0080). */
  active: number;
  deactivated_at: string | null;
  /** The annotator this record was merged into (0080). */
  merged_into: number | null;
}

/** A rater as stored: a human annotator or a judge run. */
export interface RaterRecord {
  id: number;
  name: string;
  kind: 'human' | 'judge';
  annotator_id: number | null;
  judge_run_id: number | null;
  created_at: string;
}

const now = () => new Date().toISOString();

export function listAnnotators(db: Db): AnnotatorRecord[] {
  return db.prepare('SELECT * FROM annotators ORDER BY name').all() as AnnotatorRecord[];
}

export function annotatorByName(db: Db, name: string): AnnotatorRecord | undefined {
  return db.prepare('SELECT * FROM annotators WHERE name = ?').get(name) as AnnotatorRecord | undefined;
}

export function annotatorById(db: Db, id: number): AnnotatorRecord | undefined {
  return db.prepare('SELECT * FROM annotators WHERE id = ?').get(id) as AnnotatorRecord | undefined;
}

/** Inserts an annotator; the caller checks the name is free. */
export function insertAnnotator(db: Db, name: string, role: AnnotatorRecord['role']): AnnotatorRecord {
  const at = now();
  const id = Number(db.prepare('INSERT INTO annotators (name, role, created_at) VALUES (?, ?, ?)').run(name, role, at).lastInsertRowid);
  return { id, name, role, created_at: at, active: 1, deactivated_at: null, merged_into: null };
}

/** Renames an annotator and their rater (inside a write); the caller checks the name is free. */
export function renameAnnotator(db: Db, id: number, name: string): void {
  db.prepare('UPDATE annotators SET name = ? WHERE id = ?').run(name, id);
  db.prepare("UPDATE raters SET name = ? WHERE annotator_id = ? AND kind = 'human'").run(name, id);
}

/** Deactivates (keeping their labels) or activates an annotator (inside a write); false when nothing changed. */
export function setAnnotatorActive(db: Db, id: number, active: boolean): boolean {
  return db.prepare('UPDATE annotators SET active = ?, deactivated_at = ? WHERE id = ? AND active = ?').run(active ? 1 : 0, active ? null : now(), id, active ? 0 : 1).changes > 0;
}

/** Marks `fromId` as merged into `intoId`, inactive (inside a write). */
export function markMerged(db: Db, fromId: number, intoId: number): void {
  db.prepare('UPDATE annotators SET active = 0, deactivated_at = coalesce(deactivated_at, ?), merged_into = ? WHERE id = ?').run(now(), intoId, fromId);
}

export function setAnnotatorRole(db: Db, id: number, role: AnnotatorRecord['role']): void {
  db.prepare('UPDATE annotators SET role = ? WHERE id = ?').run(role, id);
}

export function raterByName(db: Db, name: string): RaterRecord | undefined {
  return db.prepare('SELECT * FROM raters WHERE name = ?').get(name) as RaterRecord | undefined;
}

export function raterOfAnnotator(db: Db, annotatorId: number): RaterRecord | undefined {
  return db.prepare('SELECT * FROM raters WHERE annotator_id = ?').get(annotatorId) as RaterRecord | undefined;
}

/** The human rater of an annotator, created on first need (its name is the annotator's). */
export function ensureHumanRater(db: Db, annotator: AnnotatorRecord): RaterRecord {
  const existing = raterOfAnnotator(db, annotator.id);
  if (existing) return existing;
  const at = now();
  const id = Number(
    db.prepare("INSERT INTO raters (name, kind, annotator_id, created_at) VALUES (?, 'human', ?, ?)").run(annotator.name, annotator.id, at).lastInsertRowid,
  );
  return { id, name: annotator.name, kind: 'human', annotator_id: annotator.id, judge_run_id: null, created_at: at };
}

/**
 * The rater of a judge run, created on first need. `judgeRunId` refers to the judge tables of
 * a later migration (null for judge labels imported from a file).
 *
 * @throws Error when the name belongs to a human rater.
 */
export function ensureJudgeRater(db: Db, name: string, judgeRunId: number | null): RaterRecord {
  const existing = raterByName(db, name);
  if (existing) {
    if (existing.kind !== 'judge') throw new Error(`"${name}" is an annotator, not a judge`);
    return existing;
  }
  const at = now();
  const id = Number(db.prepare("INSERT INTO raters (name, kind, judge_run_id, created_at) VALUES (?, 'judge', ?, ?)").run(name, judgeRunId, at).lastInsertRowid);
  return { id, name, kind: 'judge', annotator_id: null, judge_run_id: judgeRunId, created_at: at };
}
