import type { Db } from '../workspace';
import { addTaskAnnotator, appendAssignments } from './tasks';

/** One label of the record being merged away, beside the label the other record holds there (if any). */
export interface MergeLabelRow {
  from_id: number;
  into_id: number | null;
  task: string;
  external_id: string;
  unit: string;
  question: string;
  from_value: string | null;
  from_na: number;
  from_updated_at: string;
  into_value: string | null;
  into_na: number | null;
  into_updated_at: string | null;
}

/** The two records of one person: annotator ids with their raters' ids. */
export interface MergePair {
  fromAnnotator: number;
  intoAnnotator: number;
  fromRater: number;
  intoRater: number;
}

/** Every current label of `from`'s rater, each beside `into`'s label on the same task, item, unit and question. */
export function mergeLabelRows(db: Db, pair: MergePair): MergeLabelRow[] {
  return db
    .prepare(
      `SELECT f.id AS from_id, i.id AS into_id, t.name AS task, it.external_id, f.unit, f.question,
              f.value AS from_value, f.na AS from_na, f.updated_at AS from_updated_at,
              i.value AS into_value, i.na AS into_na, i.updated_at AS into_updated_at
       FROM labels f JOIN tasks t ON t.id = f.task_id JOIN items it ON it.id = f.item_id
       LEFT JOIN labels i ON i.task_id = f.task_id AND i.item_id = f.item_id AND i.unit = f.unit AND i.question = f.question AND i.rater_id = @into
       WHERE f.rater_id = @from ORDER BY t.name, it.external_id, f.unit, f.question`,
    )
    .all({ from: pair.fromRater, into: pair.intoRater }) as MergeLabelRow[];
}

export function submissionCount(db: Db, raterId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM submissions WHERE rater_id = ?').get(raterId) as { n: number }).n;
}

/** Tasks the annotator is on, by id and name. */
export function tasksOfAnnotator(db: Db, annotatorId: number): { id: number; name: string }[] {
  return db.prepare('SELECT t.id, t.name FROM task_annotators a JOIN tasks t ON t.id = a.task_id WHERE a.annotator_id = ? ORDER BY t.name').all(annotatorId) as { id: number; name: string }[];
}

export function goldDecisionCount(db: Db, annotatorId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM gold WHERE adjudicator_id = ?').get(annotatorId) as { n: number }).n;
}

/**
 * Moves one person's second record into the first (inside a write). `keepFrom` lists the labels
 * (by `from_id`) where `from`'s answer wins over `into`'s; every other label both hold keeps
 * `into`'s. Label events are never rewritten (they are append-only): `from`'s history stays
 * under `from`'s rater, which is kept.
 */
export function applyMerge(db: Db, pair: MergePair, rows: readonly MergeLabelRow[], keepFrom: ReadonlySet<number>): void {
  const moveLabel = db.prepare('UPDATE labels SET rater_id = ? WHERE id = ?');
  const dropLabel = db.prepare('DELETE FROM labels WHERE id = ?');
  for (const row of rows) {
    if (row.into_id === null) moveLabel.run(pair.intoRater, row.from_id);
    else if (keepFrom.has(row.from_id)) {
      dropLabel.run(row.into_id);
      moveLabel.run(pair.intoRater, row.from_id);
    } else dropLabel.run(row.from_id);
  }
  db.prepare(
    `INSERT OR IGNORE INTO submissions (task_id, item_id, rater_id, submitted_at, source)
     SELECT task_id, item_id, ?, submitted_at, source FROM submissions WHERE rater_id = ?`,
  ).run(pair.intoRater, pair.fromRater);
  db.prepare('DELETE FROM submissions WHERE rater_id = ?').run(pair.fromRater);
  // Originals kept by a discussion (0070) follow the labels they belong to.
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'label_originals'").get()) {
    db.prepare('UPDATE OR IGNORE label_originals SET rater_id = ? WHERE rater_id = ?').run(pair.intoRater, pair.fromRater);
  }
  for (const task of tasksOfAnnotator(db, pair.fromAnnotator)) {
    addTaskAnnotator(db, task.id, pair.intoAnnotator);
    const queue = db
      .prepare(
        `SELECT f.item_id FROM assignments f WHERE f.task_id = ? AND f.annotator_id = ?
           AND NOT EXISTS (SELECT 1 FROM assignments i WHERE i.task_id = f.task_id AND i.item_id = f.item_id AND i.annotator_id = ?)
         ORDER BY f.position`,
      )
      .all(task.id, pair.fromAnnotator, pair.intoAnnotator) as { item_id: number }[];
    appendAssignments(db, task.id, pair.intoAnnotator, queue.map((q) => q.item_id));
  }
  db.prepare('DELETE FROM task_annotators WHERE annotator_id = ?').run(pair.fromAnnotator);
  db.prepare('UPDATE gold SET adjudicator_id = ? WHERE adjudicator_id = ?').run(pair.intoAnnotator, pair.fromAnnotator);
}

/** Records a merge for provenance. */
export function recordMerge(db: Db, merge: { fromId: number; intoId: number; fromName: string; intoName: string; rule: string; summary: unknown; by: string | null }): void {
  db.prepare(
    `INSERT INTO annotator_merges (from_id, into_id, from_name, into_name, conflicts, summary, merged_by, merged_at)
     VALUES (@fromId, @intoId, @fromName, @intoName, @rule, @summary, @by, @at)`,
  ).run({ ...merge, summary: JSON.stringify(merge.summary), at: new Date().toISOString() });
}
