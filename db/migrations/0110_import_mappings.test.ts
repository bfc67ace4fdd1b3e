import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0110_import_mappings', () => {
  it('adds saved import mappings, one per name, leaving the datasets there are', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version < 110));
    db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', '2025-01-01T00:00:00.000Z')").run();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 110));
    expect(db.prepare('SELECT name FROM datasets').all()).toEqual([{ name: 'plans' }]);
    const insert = db.prepare("INSERT INTO import_mappings (name, kind, mapping_json, saved_by, created_at, updated_at) VALUES (?, 'conversation', '{}', 'lea', 'now', 'now')");
    insert.run('support-log');
    expect(() => insert.run('support-log')).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO import_mappings (name, kind, mapping_json, created_at, updated_at) VALUES ('x', 'poem', '{}', 'now', 'now')").run()).toThrow(/CHECK/);
  });
});
