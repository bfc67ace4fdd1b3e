import { sql } from 'kysely';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';

/** A gold label as stored, with the adjudicator's name. */
export interface GoldRecord {
  task_id: number;
  item_id: number;
  unit: string;
  question: string;
  value: string | null;
  na: number;
  rationale: string | null;
  adjudicator: string | null;
  source: 'unanimous' | 'adjudicated';
  created_at: string;
  updated_at: string;
}

/** A gold decision to record. */
export interface GoldWrite {
  taskId: number;
  itemId: number;
  unit: string;
  question: string;
  value: string | null;
  na: boolean;
  rationale: string | null;
  adjudicatorId: number | null;
  source: 'unanimous' | 'adjudicated';
  /** Why the gold answer changes (the gold edit log); null for a first decision or an unchanged answer. */
  reason?: string | null;
}

/** One entry of the gold edit log (gold_events): a decision, who made it, why and what it replaced. */
export interface GoldEventRecord {
  id: number;
  item_id: number;
  external_id: string;
  unit: string;
  question: string;
  value: string | null;
  na: number;
  rationale: string | null;
  adjudicator: string | null;
  source: 'unanimous' | 'adjudicated';
  reason: string | null;
  /** JSON {value, na} of the gold answer this decision replaced; null for a first decision. */
  previous: string | null;
  created_at: string;
}

/** Gold labels with their adjudicator's name. */
function goldWithAdjudicator(conn: AnyDb) {
  const db = asSql(conn);
  return db.q
    .selectFrom('gold as g')
    .leftJoin('annotators as a', 'a.id', 'g.adjudicator_id')
    .select(['g.task_id', 'g.item_id', 'g.unit', 'g.question', 'g.value', 'g.na', 'g.rationale', 'a.name as adjudicator', 'g.source', 'g.created_at', 'g.updated_at']);
}

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

export function goldOfTask(conn: AnyDb, taskId: number, itemId?: number): GoldRecord[] {
  const db = asSql(conn);
  const query = goldWithAdjudicator(db).where('g.task_id', '=', taskId);
  return db.all(
    itemId === undefined ? query.orderBy('g.item_id').orderBy('g.unit').orderBy('g.question') : query.where('g.item_id', '=', itemId).orderBy('g.unit').orderBy('g.question'),
  ) as GoldRecord[];
}

export function goldAt(conn: AnyDb, taskId: number, itemId: number, unit: string, question: string): GoldRecord | undefined {
  const db = asSql(conn);
  const query = goldWithAdjudicator(db).where('g.task_id', '=', taskId).where('g.item_id', '=', itemId).where('g.unit', '=', unit).where('g.question', '=', question);
  return db.one(query) as GoldRecord | undefined;
}

/** Sets a gold label and appends the decision to `gold_events`, with what it replaced and why. */
export function writeGold(conn: AnyDb, gold: GoldWrite): void {
  const db = asSql(conn);
  const at = new Date().toISOString();
  const before = db.one(
    db.q
      .selectFrom('gold')
      .select(['value', 'na'])
      .where('task_id', '=', gold.taskId)
      .where('item_id', '=', gold.itemId)
      .where('unit', '=', gold.unit)
      .where('question', '=', gold.question),
  );
  const previous = before ? JSON.stringify({ value: before.value === null ? null : (JSON.parse(before.value) as unknown), na: before.na === 1 }) : null;
  const na = gold.na ? 1 : 0;
  db.run(sql`
    INSERT INTO gold (task_id, item_id, unit, question, value, na, rationale, adjudicator_id, source, created_at, updated_at)
    VALUES (${gold.taskId}, ${gold.itemId}, ${gold.unit}, ${gold.question}, ${gold.value}, ${na}, ${gold.rationale}, ${gold.adjudicatorId}, ${gold.source}, ${at}, ${at})
    ON CONFLICT (task_id, item_id, unit, question) DO UPDATE SET value = excluded.value, na = excluded.na,
      rationale = excluded.rationale, adjudicator_id = excluded.adjudicator_id, source = excluded.source, updated_at = excluded.updated_at`);
  db.run(
    db.q.insertInto('gold_events').values({
      task_id: gold.taskId,
      item_id: gold.itemId,
      unit: gold.unit,
      question: gold.question,
      value: gold.value,
      na,
      rationale: gold.rationale,
      adjudicator_id: gold.adjudicatorId,
      source: gold.source,
      reason: gold.reason ?? null,
      previous,
      created_at: at,
    }),
  );
}

/** The gold edit log of a task (or one item), oldest first. */
export function goldEventsOf(conn: AnyDb, taskId: number, itemId?: number): GoldEventRecord[] {
  const db = asSql(conn);
  let query = db.q
    .selectFrom('gold_events as e')
    .innerJoin('items as i', 'i.id', 'e.item_id')
    .leftJoin('annotators as a', 'a.id', 'e.adjudicator_id')
    .select(['e.id', 'e.item_id', 'i.external_id', 'e.unit', 'e.question', 'e.value', 'e.na', 'e.rationale', 'a.name as adjudicator', 'e.source', 'e.reason', 'e.previous', 'e.created_at'])
    .where('e.task_id', '=', taskId);
  if (itemId !== undefined) query = query.where('e.item_id', '=', itemId);
  return db.all(query.orderBy('e.id')) as GoldEventRecord[];
}
