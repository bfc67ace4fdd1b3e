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

/** Sets a gold label and appends the decision to `gold_events`. */
export function writeGold(db: Db, gold: GoldWrite): void {
  const at = new Date().toISOString();
  const row = { ...gold, na: gold.na ? 1 : 0, at };
  db.prepare(
    `INSERT INTO gold (task_id, item_id, unit, question, value, na, rationale, adjudicator_id, source, created_at, updated_at)
     VALUES (@taskId, @itemId, @unit, @question, @value, @na, @rationale, @adjudicatorId, @source, @at, @at)
     ON CONFLICT (task_id, item_id, unit, question) DO UPDATE SET value = excluded.value, na = excluded.na,
       rationale = excluded.rationale, adjudicator_id = excluded.adjudicator_id, source = excluded.source, updated_at = excluded.updated_at`,
  ).run(row);
  db.prepare(
    `INSERT INTO gold_events (task_id, item_id, unit, question, value, na, rationale, adjudicator_id, source, created_at)
     VALUES (@taskId, @itemId, @unit, @question, @value, @na, @rationale, @adjudicatorId, @source, @at)`,
  ).run(row);
}
