import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

// Each migration has a test: build the database at the previous version, insert rows, migrate, assert.
describe('0010_init', () => {
  it('creates datasets, imports, items and findings with cascading deletes', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 10));
    const now = new Date().toISOString();
    db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'd', 'plan', ?)").run(now);
    db.prepare(
      "INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES (1, 1, 'q-1', 'plan', '{}', 'h', ?, ?)",
    ).run(now, now);
    db.prepare("INSERT INTO findings (item_id, validator, severity, message) VALUES (1, 'v', 'error', 'm')").run();
    expect(() =>
      db.prepare("INSERT INTO findings (item_id, validator, severity, message) VALUES (1, 'v', 'fatal', 'm')").run(),
    ).toThrow(/CHECK/);
    db.prepare('DELETE FROM datasets WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM findings').get()).toEqual({ n: 0 });
  });
});
