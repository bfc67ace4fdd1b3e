import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

// Each migration has a test: build the database at the previous version, insert rows, migrate, assert.
describe('0020_annotation', () => {
  function atVersion10WithItems() {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const migrations = loadMigrations();
    migrate(db, ':memory:', migrations.filter((m) => m.version <= 10));
    const now = '2026-01-01T00:00:00.000Z';
    db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', ?)").run(now);
    for (const [id, ext] of [
      [1, 'q-001'],
      [2, 'q-002'],
    ] as const) {
      db.prepare("INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES (?, 1, ?, 'plan', '{}', 'h', ?, ?)").run(
        id,
        ext,
        now,
        now,
      );
    }
    migrate(db, ':memory:', migrations.filter((m) => m.version <= 20));
    return { db, now };
  }

  it('keeps the items and adds the annotation tables at user_version 20', () => {
    const { db } = atVersion10WithItems();
    expect(db.pragma('user_version', { simple: true })).toBe(20);
    expect(db.prepare('SELECT count(*) AS n FROM items').get()).toEqual({ n: 2 });
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(['annotators', 'raters', 'tasks', 'task_items', 'task_annotators', 'assignments', 'labels', 'label_events', 'submissions', 'gold', 'gold_events', 'pack_imports']),
    );
  });

  it('stores a labelled task, keeps events append-only, and cascades a deleted dataset', () => {
    const { db, now } = atVersion10WithItems();
    db.prepare("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', ?)").run(now);
    expect(() => db.prepare("INSERT INTO annotators (name, role, created_at) VALUES ('ben', 'boss', ?)").run(now)).toThrow(/CHECK/);
    db.prepare("INSERT INTO raters (id, name, kind, annotator_id, created_at) VALUES (1, 'ana', 'human', 1, ?)").run(now);
    expect(() => db.prepare("INSERT INTO raters (name, kind, created_at) VALUES ('nobody', 'human', ?)").run(now)).toThrow(/CHECK/);
    db.prepare("INSERT INTO raters (id, name, kind, judge_run_id, created_at) VALUES (2, 'judge-1', 'judge', NULL, ?)").run(now);
    db.prepare("INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 't', '{}', 'plan-quality', 1, 7, ?)").run(now);
    expect(db.prepare('SELECT annotators_per_item, overlap_mode, blind, adjudication_policy FROM tasks').get()).toEqual({
      annotators_per_item: 2,
      overlap_mode: 'all',
      blind: 1,
      adjudication_policy: 'any',
    });
    db.prepare('INSERT INTO task_items (task_id, item_id, added_at) VALUES (1, 1, ?), (1, 2, ?)').run(now, now);
    db.prepare('INSERT INTO task_annotators (task_id, annotator_id, added_at) VALUES (1, 1, ?)').run(now);
    db.prepare('INSERT INTO assignments (task_id, annotator_id, item_id, position) VALUES (1, 1, 2, 0), (1, 1, 1, 1)').run();
    expect(() => db.prepare('INSERT INTO assignments (task_id, annotator_id, item_id, position) VALUES (1, 1, 1, 0)').run()).toThrow(/UNIQUE/);
    db.prepare(
      `INSERT INTO label_events (id, uid, task_id, item_id, unit, question, rater_id, action, value, source, made_at, recorded_at)
       VALUES (1, 'u1', 1, 1, '', 'overall_quality', 1, 'set', '"Good"', 'ui', ?, ?)`,
    ).run(now, now);
    db.prepare(
      `INSERT INTO labels (task_id, item_id, unit, question, rater_id, value, event_id, created_at, updated_at)
       VALUES (1, 1, '', 'overall_quality', 1, '"Good"', 1, ?, ?)`,
    ).run(now, now);
    expect(() =>
      db.prepare(`INSERT INTO labels (task_id, item_id, question, rater_id, value, na, event_id, created_at, updated_at) VALUES (1, 2, 'q', 1, '"x"', 1, 1, ?, ?)`).run(now, now),
    ).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE label_events SET value = '\"Bad\"' WHERE id = 1").run()).toThrow(/append-only/);
    db.prepare("INSERT INTO submissions (task_id, item_id, rater_id, submitted_at, source) VALUES (1, 1, 1, ?, 'ui')").run(now);
    db.prepare("INSERT INTO gold (task_id, item_id, question, value, adjudicator_id, source, created_at, updated_at) VALUES (1, 1, 'overall_quality', '\"Good\"', 1, 'unanimous', ?, ?)").run(now, now);

    db.prepare('DELETE FROM datasets WHERE id = 1').run();
    for (const table of ['task_items', 'assignments', 'labels', 'label_events', 'submissions', 'gold']) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 });
    }
    expect(db.prepare('SELECT count(*) AS n FROM tasks').get()).toEqual({ n: 1 });
  });
});
