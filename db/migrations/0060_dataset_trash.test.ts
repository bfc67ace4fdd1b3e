import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0060_dataset_trash', () => {
  it('adds who trashed a dataset and when, empty for the datasets there are; trashed is a state', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 50));
    db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', '2025-01-01T00:00:00.000Z')").run();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 60));
    expect(db.prepare('SELECT name, state, trashed_at, trashed_by FROM datasets').all()).toEqual([{ name: 'plans', state: 'ready', trashed_at: null, trashed_by: null }]);
    db.prepare("UPDATE datasets SET state = 'trashed', trashed_at = 'now', trashed_by = 'lea' WHERE id = 1").run();
    expect(db.prepare('SELECT state FROM datasets').get()).toEqual({ state: 'trashed' });
  });
});
