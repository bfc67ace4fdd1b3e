import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0080_people_and_task_lifecycle', () => {
  it('gives the tasks there are the active state, the annotators there are active, and gold events a reason and what they replaced', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 70));
    db.prepare("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 'now')").run();
    db.prepare("INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 'quality', '{}', 's', 1, 1, 'now')").run();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 80));
    expect(db.prepare('SELECT state, archived_at, trashed_at FROM tasks').get()).toEqual({ state: 'active', archived_at: null, trashed_at: null });
    expect(db.prepare('SELECT active, merged_into FROM annotators').get()).toEqual({ active: 1, merged_into: null });
    expect(() => db.prepare("UPDATE tasks SET state = 'gone'").run()).toThrow(/CHECK constraint failed/);
    const columns = (db.prepare('PRAGMA table_info(gold_events)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['reason', 'previous']));
  });
});
