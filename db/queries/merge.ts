import { sql } from 'kysely';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import { statementBatches } from '../sql/statementBatches';
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

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

/** Every current label of `from`'s rater, each beside `into`'s label on the same task, item, unit and question. */
export function mergeLabelRows(conn: AnyDb, pair: MergePair): MergeLabelRow[] {
  const db = asSql(conn);
  return db.all(
    sql<MergeLabelRow>`SELECT f.id AS from_id, i.id AS into_id, t.name AS task, it.external_id, f.unit, f.question,
              f.value AS from_value, f.na AS from_na, f.updated_at AS from_updated_at,
              i.value AS into_value, i.na AS into_na, i.updated_at AS into_updated_at
       FROM labels f JOIN tasks t ON t.id = f.task_id JOIN items it ON it.id = f.item_id
       LEFT JOIN labels i ON i.task_id = f.task_id AND i.item_id = f.item_id AND i.unit = f.unit AND i.question = f.question AND i.rater_id = ${pair.intoRater}
       WHERE f.rater_id = ${pair.fromRater} ORDER BY t.name, it.external_id, f.unit, f.question`,
  );
}

export function submissionCount(conn: AnyDb, raterId: number): number {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).where('rater_id', '=', raterId))!.n;
}

/** Tasks the annotator is on, by id and name. */
export function tasksOfAnnotator(conn: AnyDb, annotatorId: number): { id: number; name: string }[] {
  const db = asSql(conn);
  return db.all(
    db.q
      .selectFrom('task_annotators as a')
      .innerJoin('tasks as t', 't.id', 'a.task_id')
      .select(['t.id', 't.name'])
      .where('a.annotator_id', '=', annotatorId)
      .orderBy('t.name'),
  );
}

export function goldDecisionCount(conn: AnyDb, annotatorId: number): number {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('gold').select((eb) => eb.fn.countAll<number>().as('n')).where('adjudicator_id', '=', annotatorId))!.n;
}

/**
 * Moves one person's second record into the first (inside a write). `keepFrom` lists the labels
 * (by `from_id`) where `from`'s answer wins over `into`'s; every other label both hold keeps
 * `into`'s. Label events are never rewritten (they are append-only): `from`'s history stays
 * under `from`'s rater, which is kept.
 */
export function applyMerge(conn: AnyDb, pair: MergePair, rows: readonly MergeLabelRow[], keepFrom: ReadonlySet<number>): void {
  const db = asSql(conn);
  // Drops first: a label moves onto a key `into` holds only once `into`'s label there is gone.
  const dropped = rows.filter((r) => r.into_id !== null).map((r) => (keepFrom.has(r.from_id) ? r.into_id! : r.from_id));
  const moved = rows.filter((r) => r.into_id === null || keepFrom.has(r.from_id)).map((r) => r.from_id);
  for (const ids of statementBatches(dropped)) db.run(db.q.deleteFrom('labels').where('id', 'in', ids));
  for (const ids of statementBatches(moved)) db.run(db.q.updateTable('labels').set({ rater_id: pair.intoRater }).where('id', 'in', ids));
  // A submission `into` already has stays; `from`'s others move.
  db.run(
    db.q
      .insertInto('submissions')
      .columns(['task_id', 'item_id', 'rater_id', 'submitted_at', 'source'])
      .expression(
        db.q
          .selectFrom('submissions')
          .select(['task_id', 'item_id', sql<number>`CAST(${pair.intoRater} AS BIGINT)`.as('rater_id'), 'submitted_at', 'source'])
          .where('rater_id', '=', pair.fromRater),
      )
      .onConflict((oc) => oc.doNothing()),
  );
  db.run(db.q.deleteFrom('submissions').where('rater_id', '=', pair.fromRater));
  // Originals kept by a discussion (0070) follow the labels they belong to, where `into` keeps none of its own.
  db.run(
    sql`UPDATE label_originals SET rater_id = ${pair.intoRater} WHERE rater_id = ${pair.fromRater}
          AND NOT EXISTS (SELECT 1 FROM label_originals o WHERE o.task_id = label_originals.task_id AND o.item_id = label_originals.item_id
                            AND o.unit = label_originals.unit AND o.question = label_originals.question AND o.rater_id = ${pair.intoRater})`,
  );
  for (const task of tasksOfAnnotator(db, pair.fromAnnotator)) {
    addTaskAnnotator(db, task.id, pair.intoAnnotator);
    const queue = db.all(
      sql<{ item_id: number }>`SELECT f.item_id FROM assignments f WHERE f.task_id = ${task.id} AND f.annotator_id = ${pair.fromAnnotator}
           AND NOT EXISTS (SELECT 1 FROM assignments i WHERE i.task_id = f.task_id AND i.item_id = f.item_id AND i.annotator_id = ${pair.intoAnnotator})
         ORDER BY f.position`,
    );
    appendAssignments(db, task.id, pair.intoAnnotator, queue.map((q) => q.item_id));
  }
  db.run(db.q.deleteFrom('task_annotators').where('annotator_id', '=', pair.fromAnnotator));
  db.run(db.q.updateTable('gold').set({ adjudicator_id: pair.intoAnnotator }).where('adjudicator_id', '=', pair.fromAnnotator));
}

/** Records a merge for provenance. */
export function recordMerge(conn: AnyDb, merge: { fromId: number; intoId: number; fromName: string; intoName: string; rule: string; summary: unknown; by: string | null }): void {
  const db = asSql(conn);
  db.run(
    db.q.insertInto('annotator_merges').values({
      from_id: merge.fromId,
      into_id: merge.intoId,
      from_name: merge.fromName,
      into_name: merge.intoName,
      conflicts: merge.rule,
      summary: JSON.stringify(merge.summary),
      merged_by: merge.by,
      merged_at: new Date().toISOString(),
    }),
  );
}
