import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

// Each migration has a test: build the database at the previous version, insert rows, migrate, assert.
describe('0030_judges', () => {
  function atVersion20() {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 20));
    const now = '2025-01-01T00:00:00.000Z';
    db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'd', 'plan', ?)").run(now);
    db.prepare("INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES (1, 1, 'q-1', 'plan', '{}', 'h', ?, ?)").run(now, now);
    db.prepare("INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 't', '{}', 'plan-quality', 1, 7, ?)").run(now);
    db.prepare('INSERT INTO task_items (task_id, item_id, added_at) VALUES (1, 1, ?)').run(now);
    // A judge rater imported before judge runs existed (0020 allows a dangling id).
    db.prepare("INSERT INTO raters (id, name, kind, judge_run_id, created_at) VALUES (1, 'old-judge', 'judge', 42, ?)").run(now);
    return { db, now };
  }

  it('keeps existing raters, clears their dangling run ids, and ties new ones to runs by trigger', () => {
    const { db, now } = atVersion20();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 30));
    expect(db.prepare('SELECT name, judge_run_id FROM raters').all()).toEqual([{ name: 'old-judge', judge_run_id: null }]);

    db.prepare("INSERT INTO judges (id, name, version, title, schema_id, definition, created_at) VALUES (1, 'j', 'v1', 'J', 'plan-quality', '{}', ?)").run(now);
    db.prepare("INSERT INTO judge_runs (id, judge_id, task_id, model, base_url, settings, status, started_at) VALUES (1, 1, 1, 'm', 'http://x', '{}', 'running', ?)").run(now);
    expect(() => db.prepare("INSERT INTO raters (name, kind, judge_run_id, created_at) VALUES ('ghost', 'judge', 99, ?)").run(now)).toThrow(/refers to no judge run/);
    expect(() => db.prepare('UPDATE raters SET judge_run_id = 99 WHERE id = 1').run()).toThrow(/refers to no judge run/);
    db.prepare("INSERT INTO raters (id, name, kind, judge_run_id, created_at) VALUES (2, 'j#1', 'judge', 1, ?)").run(now);
    expect(() => db.prepare("INSERT INTO raters (name, kind, judge_run_id, created_at) VALUES ('j#1 again', 'judge', 1, ?)").run(now)).toThrow(/UNIQUE/);

    db.prepare("INSERT INTO judge_calls (run_id, item_id, unit, request_hash, status, created_at) VALUES (1, 1, '', 'h', 'ok', ?)").run(now);
    expect(() => db.prepare("INSERT INTO judge_calls (run_id, item_id, unit, request_hash, status, created_at) VALUES (1, 1, '', 'h', 'ok', ?)").run(now)).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO judge_calls (run_id, item_id, status, created_at) VALUES (1, 1, 'maybe', ?)").run(now)).toThrow(/CHECK/);

    // Deleting the run deletes its calls and its rater; other raters stay.
    db.prepare('DELETE FROM judge_runs WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM judge_calls').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT name FROM raters').all()).toEqual([{ name: 'old-judge' }]);
  });

  it('keys the request cache by hash, model and base URL', () => {
    const { db, now } = atVersion20();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 30));
    const insert = db.prepare("INSERT INTO judge_cache (request_hash, model, base_url, raw_response, content, created_at) VALUES ('h', ?, ?, '{}', 'c', ?)");
    insert.run('m', 'http://a', now);
    insert.run('m', 'http://b', now);
    insert.run('n', 'http://a', now);
    expect(() => insert.run('m', 'http://a', now)).toThrow(/UNIQUE|PRIMARY/);
  });
});
