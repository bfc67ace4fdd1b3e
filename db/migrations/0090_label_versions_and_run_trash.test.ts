import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0090_label_versions_and_run_trash', () => {
  it('records the item version of the labels there are (NULL for those recorded before the item last changed) and gives judge runs a state', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 80));
    db.exec(`
      INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', 't0');
      -- item 1 never changed; item 2 was re-imported with new content at t5
      INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES
        (1, 1, 'p1', 'plan', '{}', 'hash-1', 't1', 't1'),
        (2, 1, 'p2', 'plan', '{}', 'hash-2b', 't1', 't5');
      INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 't0'), (2, 'ben', 'annotator', 't0');
      INSERT INTO raters (id, name, kind, annotator_id, created_at) VALUES (1, 'ana', 'human', 1, 't0'), (2, 'ben', 'human', 2, 't0');
      INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 'quality', '{}', 's', 1, 1, 't0');
      INSERT INTO task_items (task_id, item_id, added_at) VALUES (1, 1, 't1'), (1, 2, 't1');
      INSERT INTO label_events (id, uid, task_id, item_id, unit, question, rater_id, action, value, source, made_at, recorded_at) VALUES
        (1, 'e1', 1, 1, '', 'q', 1, 'set', '"good"', 'ui', 't2', 't2'),
        (2, 'e2', 1, 2, '', 'q', 1, 'set', '"good"', 'ui', 't2', 't2'),
        (3, 'e3', 1, 2, '', 'q', 2, 'set', '"bad"', 'ui', 't6', 't6');
      INSERT INTO labels (task_id, item_id, unit, question, rater_id, value, event_id, created_at, updated_at) VALUES
        (1, 1, '', 'q', 1, '"good"', 1, 't2', 't2'),
        (1, 2, '', 'q', 1, '"good"', 2, 't2', 't2'),
        (1, 2, '', 'q', 2, '"bad"', 3, 't6', 't6');
      INSERT INTO judges (id, name, version, title, schema_id, definition, created_at) VALUES (1, 'j', 'v', 'J', 's', '{}', 't0');
      INSERT INTO judge_runs (id, judge_id, task_id, model, base_url, settings, status, started_at) VALUES (1, 1, 1, 'm', 'http://x', '{}', 'finished', 't3');
    `);
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 90));
    expect(db.prepare('SELECT item_id, rater_id, item_hash FROM labels ORDER BY id').all()).toEqual([
      { item_id: 1, rater_id: 1, item_hash: 'hash-1' },
      // ana labelled p2 at t2, before its content changed at t5: an earlier version
      { item_id: 2, rater_id: 1, item_hash: null },
      { item_id: 2, rater_id: 2, item_hash: 'hash-2b' },
    ]);
    expect(db.prepare('SELECT id, item_hash FROM label_events ORDER BY id').all()).toEqual([
      { id: 1, item_hash: 'hash-1' },
      { id: 2, item_hash: null },
      { id: 3, item_hash: 'hash-2b' },
    ]);
    // The history stays append-only after the backfill.
    expect(() => db.prepare("UPDATE label_events SET item_hash = 'x'").run()).toThrow(/append-only/);
    expect(db.prepare('SELECT state, trashed_at, trashed_by FROM judge_runs').get()).toEqual({ state: 'active', trashed_at: null, trashed_by: null });
    expect(() => db.prepare("UPDATE judge_runs SET state = 'gone'").run()).toThrow(/CHECK constraint failed/);
  });
});
