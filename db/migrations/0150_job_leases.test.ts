import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0150_job_leases', () => {
  it('adds the jobs table beside what there is; a running job must have a lease, and only a running one', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version < 150));
    db.prepare("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 'now')").run();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 150));
    expect(db.prepare('SELECT name FROM annotators').all()).toEqual([{ name: 'ana' }]);

    db.prepare("INSERT INTO jobs (kind, args, created_at) VALUES ('judge.run', '{}', 'now')").run();
    expect(db.prepare('SELECT state, attempts, progress_done, leased_by FROM jobs').get()).toEqual({ state: 'queued', attempts: 0, progress_done: 0, leased_by: null });
    expect(() => db.prepare("INSERT INTO jobs (kind, args, state, created_at) VALUES ('x', '{}', 'running', 'now')").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO jobs (kind, args, state, leased_by, lease_until, created_at) VALUES ('x', '{}', 'queued', 's1', 'later', 'now')").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO jobs (kind, args, state, created_at) VALUES ('x', '{}', 'paused', 'now')").run()).toThrow(/CHECK/);
    db.prepare("INSERT INTO jobs (kind, args, state, leased_by, lease_until, created_at) VALUES ('x', '{}', 'running', 's1', 'later', 'now')").run();
  });
});
