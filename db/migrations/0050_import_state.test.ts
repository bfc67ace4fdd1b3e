import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0050_import_state', () => {
  function atVersion40() {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 40));
    const now = '2025-01-01T00:00:00.000Z';
    db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', ?)").run(now);
    db.prepare("INSERT INTO imports (id, dataset_id, file_name, content_hash, format, item_count, skipped_count, imported_at) VALUES (1, 1, 'plans.jsonl', 'h1', 'plans-jsonl', 2, 0, ?)").run(now);
    const insert = db.prepare(
      "INSERT INTO items (dataset_id, external_id, kind, payload, content_hash, import_id, created_at, updated_at) VALUES (1, ?, 'plan', '{}', ?, 1, ?, ?)",
    );
    insert.run('q-1', 'a', now, now);
    insert.run('q-2', 'b', now, now);
    return db;
  }

  it('keeps existing datasets and imports visible: ready and done', () => {
    const db = atVersion40();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 50));
    expect(db.prepare('SELECT id, name, state FROM datasets').all()).toEqual([{ id: 1, name: 'plans', state: 'ready' }]);
    expect(db.prepare('SELECT id, state, owner, heartbeat_at, item_count FROM imports').all()).toEqual([{ id: 1, state: 'done', owner: null, heartbeat_at: null, item_count: 2 }]);
    expect(db.prepare('SELECT external_id, import_id FROM items ORDER BY id').all()).toEqual([
      { external_id: 'q-1', import_id: 1 },
      { external_id: 'q-2', import_id: 1 },
    ]);
  });

  it('refuses unknown states, indexes items by import, and drops staged records with their import', () => {
    const db = atVersion40();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 50));
    expect(() => db.prepare("UPDATE datasets SET state = 'half'").run()).toThrow(/CHECK constraint/);
    expect(() => db.prepare("UPDATE imports SET state = 'half'").run()).toThrow(/CHECK constraint/);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT id FROM items WHERE import_id = 1').all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/items_by_import/);
    db.prepare(
      `INSERT INTO import_staging (import_id, external_id, item_id, kind, payload, content_hash, metadata, error_count, warning_count, info_count, findings)
       VALUES (1, 'q-3', NULL, 'plan', '{}', 'c', '{}', 0, 0, 0, '[]')`,
    ).run();
    db.prepare('DELETE FROM imports WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM import_staging').get()).toEqual({ n: 0 });
  });
});
