import type { Db } from '../workspace';

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

const GOLD_SELECT = `SELECT g.task_id, g.item_id, g.unit, g.question, g.value, g.na, g.rationale, a.name AS adjudicator, g.source,
  g.created_at, g.updated_at FROM gold g LEFT JOIN annotators a ON a.id = g.adjudicator_id`;

export function goldOfTask(db: Db, taskId: number, itemId?: number): GoldRecord[] {
  return (
    itemId === undefined
      ? db.prepare(`${GOLD_SELECT} WHERE g.task_id = ? ORDER BY g.item_id, g.unit, g.question`).all(taskId)
      : db.prepare(`${GOLD_SELECT} WHERE g.task_id = ? AND g.item_id = ? ORDER BY g.unit, g.question`).all(taskId, itemId)
  ) as GoldRecord[];
}

export function goldAt(db: Db, taskId: number, itemId: number, unit: string, question: string): GoldRecord | undefined {
  return db.prepare(`${GOLD_SELECT} WHERE g.task_id = ? AND g.item_id = ? AND g.unit = ? AND g.question = ?`).get(taskId, itemId, unit, question) as
    | GoldRecord
    | undefined;
}

/** Sets a gold label and appends the decision to `gold_events`, with what it replaced and why. */
export function writeGold(db: Db, gold: GoldWrite): void {
  const at = new Date().toISOString();
  const before = db.prepare('SELECT value, na FROM gold WHERE task_id = ? AND item_id = ? AND unit = ? AND question = ?').get(gold.taskId, gold.itemId, gold.unit, gold.question) as
    | { value: string | null; na: number }
    | undefined;
  const previous = before ? JSON.stringify({ value: before.value === null ? null : (JSON.parse(before.value) as unknown), na: before.na === 1 }) : null;
  const row = { ...gold, na: gold.na ? 1 : 0, at, previous, reason: gold.reason ?? null };
  db.prepare(
    `INSERT INTO gold (task_id, item_id, unit, question, value, na, rationale, adjudicator_id, source, created_at, updated_at)
     VALUES (@taskId, @itemId, @unit, @question, @value, @na, @rationale, @adjudicatorId, @source, @at, @at)
     ON CONFLICT (task_id, item_id, unit, question) DO UPDATE SET value = excluded.value, na = excluded.na,
       rationale = excluded.rationale, adjudicator_id = excluded.adjudicator_id, source = excluded.source, updated_at = excluded.updated_at`,
  ).run(row);
  db.prepare(
    `INSERT INTO gold_events (task_id, item_id, unit, question, value, na, rationale, adjudicator_id, source, reason, previous, created_at)
     VALUES (@taskId, @itemId, @unit, @question, @value, @na, @rationale, @adjudicatorId, @source, @reason, @previous, @at)`,
  ).run(row);
}

/** The gold edit log of a task (or one item), oldest first. */
export function goldEventsOf(db: Db, taskId: number, itemId?: number): GoldEventRecord[] {
  const sql = `SELECT e.id, e.item_id, i.external_id, e.unit, e.question, e.value, e.na, e.rationale, a.name AS adjudicator, e.source, e.reason, e.previous, e.created_at
    FROM gold_events e JOIN items i ON i.id = e.item_id LEFT JOIN annotators a ON a.id = e.adjudicator_id
    WHERE e.task_id = ?${itemId === undefined ? '' : ' AND e.item_id = ?'} ORDER BY e.id`;
  return (itemId === undefined ? db.prepare(sql).all(taskId) : db.prepare(sql).all(taskId, itemId)) as GoldEventRecord[];
}
