import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0070_blind_discussion', () => {
  it('closes discussion and hides automatic scores on the tasks there are; adds what was visible and the originals', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 60));
    db.prepare("INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 't', '{}', 's', 1, 1, 'now')").run();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 70));
    expect(db.prepare('SELECT discussion_opened_at, discussion_opened_by, hide_scores FROM tasks').get()).toEqual({ discussion_opened_at: null, discussion_opened_by: null, hide_scores: 1 });
    expect(db.prepare("SELECT name FROM pragma_table_info('label_events') WHERE name = 'visible'").get()).toEqual({ name: 'visible' });
    expect(() => db.prepare('UPDATE tasks SET hide_scores = 2').run()).toThrow(/CHECK/);
    expect(db.prepare("SELECT name FROM pragma_table_info('label_originals') ORDER BY cid").all().map((r) => (r as { name: string }).name)).toEqual([
      'task_id', 'item_id', 'unit', 'question', 'rater_id', 'answered', 'value', 'na', 'rationale', 'event_id', 'revised_at',
    ]);
  });
});
