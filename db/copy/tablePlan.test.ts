import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';
import { copyPlan } from './tablePlan';

describe('the copy plan', () => {
  const plan = copyPlan();
  const position = new Map(plan.map((t, i) => [t.name, i]));

  it('has every table of the schema, each after the tables it refers to (and raters after judge runs, which a trigger checks)', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', loadMigrations());
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect([...position.keys()].sort()).toEqual(tables);
    for (const table of tables) {
      for (const { parent } of db.prepare('SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list(?)').all(table) as { parent: string }[]) {
        if (parent !== table) expect(position.get(parent)!, `${parent} before ${table}`).toBeLessThan(position.get(table)!);
      }
    }
    expect(position.get('judge_runs')!).toBeLessThan(position.get('raters')!);
    db.close();
  });

  it('orders rows by primary key and keeps rowid ids as identities', () => {
    const byName = Object.fromEntries(plan.map((t) => [t.name, t]));
    expect(byName.items).toMatchObject({ orderBy: ['id'], identity: 'id' });
    expect(byName.gold).toMatchObject({ orderBy: ['task_id', 'item_id', 'unit', 'question'], identity: null });
    expect(byName.judge_runs.columns.find((c) => c.name === 'cost')).toEqual({ name: 'cost', kind: 'real' });
  });
});
