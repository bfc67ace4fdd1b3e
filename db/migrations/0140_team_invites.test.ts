import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

const HASH = 'a'.repeat(64);

describe('0140_team_invites', () => {
  it('adds invites and team sessions beside the people there are, holding hashes only', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version < 140));
    db.prepare("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 'now')").run();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 140));
    expect(db.prepare('SELECT name, active FROM annotators').all()).toEqual([{ name: 'ana', active: 1 }]);

    const invite = db.prepare("INSERT INTO invites (token_sha256, annotator_id, role, created_by, created_at, expires_at) VALUES (?, ?, 'annotator', 'lea', 'now', 'later')");
    invite.run(HASH, 1);
    expect(() => invite.run(HASH, 1)).toThrow(/UNIQUE/);
    expect(() => invite.run('b'.repeat(64), 99)).toThrow(/FOREIGN KEY/);
    // A token in clear (not a 64-hex-digit hash) does not fit the column.
    expect(() => invite.run('plain-token', 1)).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO invites (token_sha256, annotator_id, role, created_at, expires_at) VALUES (?, 1, 'boss', 'now', 'later')").run('c'.repeat(64))).toThrow(/CHECK/);

    const session = db.prepare("INSERT INTO team_sessions (token_sha256, invite_id, created_at) VALUES (?, ?, 'now')");
    session.run('d'.repeat(64), 1);
    expect(() => session.run('e'.repeat(64), 42)).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT count(*) AS n FROM team_sessions').get()).toEqual({ n: 1 });
  });
});
