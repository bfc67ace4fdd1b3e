import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0151_job_results', () => {
  it('gives jobs a result, null for the jobs already there', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 150));
    db.prepare("INSERT INTO jobs (kind, args, state, created_at, finished_at) VALUES ('import', '{\"sources\":[]}', 'done', 'then', 'now')").run();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 151));
    expect(db.prepare('SELECT kind, args, state, result FROM jobs').get()).toEqual({ kind: 'import', args: '{"sources":[]}', state: 'done', result: null });
    db.prepare('UPDATE jobs SET result = ?').run('{"files":[]}');
    expect(db.prepare('SELECT result FROM jobs').pluck().get()).toBe('{"files":[]}');
  });
});
