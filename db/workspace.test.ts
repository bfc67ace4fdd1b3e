import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertMonotonic, loadMigrations, migrationVersion } from './migrations';
import Database from 'better-sqlite3';
import { openWorkspace, schemaVersion, withRollbackJournal, WorkspaceError } from './workspace';

const dirs: string[] = [];
function tempFile(name = 'w.accord'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-db-'));
  dirs.push(dir);
  return path.join(dir, name);
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('openWorkspace', () => {
  it('sets WAL, foreign keys, busy timeout and synchronous=FULL', () => {
    const db = openWorkspace(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    db.close();
  });

  it('migrates a new file to the latest version', () => {
    const db = openWorkspace(tempFile());
    expect(schemaVersion(db)).toBe(loadMigrations().at(-1)!.version);
    db.close();
  });

  it('refuses a workspace written by a newer version, leaving it untouched', () => {
    const file = tempFile();
    openWorkspace(file).close();
    const raw = openWorkspace(file);
    raw.pragma('user_version = 9990');
    raw.close();
    const before = fs.readFileSync(file);
    expect(() => openWorkspace(file)).toThrow(WorkspaceError);
    expect(() => openWorkspace(file)).toThrow(/newer version of Accord \(workspace schema 9990/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a file that is not a database', () => {
    const file = tempFile();
    fs.writeFileSync(file, 'hello, not sqlite at all '.repeat(100));
    expect(() => openWorkspace(file)).toThrow(/not an Accord workspace/);
  });

  it('takes a backup before migrating an existing workspace', () => {
    const file = tempFile();
    const first = loadMigrations().slice(0, 1);
    openWorkspace(file, { migrations: first }).close();
    const extra = { version: 99990, name: '99990_extra.sql', sql: 'CREATE TABLE extra (x INTEGER);' };
    const db = openWorkspace(file, { migrations: [...first, extra] });
    expect(schemaVersion(db)).toBe(99990);
    db.close();
    const backups = fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.bak'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^w\.accord\.v10-/);
  });

  it('rolls a failing migration back as a whole', () => {
    const file = tempFile();
    const first = loadMigrations().slice(0, 1);
    openWorkspace(file, { migrations: first }).close();
    const broken = { version: 99990, name: '99990_broken.sql', sql: 'CREATE TABLE ok (x); SELECT * FROM missing_table;' };
    expect(() => openWorkspace(file, { migrations: [...first, broken] })).toThrow();
    const db = openWorkspace(file, { migrations: first });
    expect(schemaVersion(db)).toBe(10);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok'").get()).toBeUndefined();
    db.close();
  });
});

describe('withRollbackJournal', () => {
  const datasetCount = (db: Database.Database) => (db.prepare('SELECT count(*) AS n FROM datasets').get() as { n: number }).n;
  const addDataset = (db: Database.Database, name: string) => db.prepare("INSERT INTO datasets (name, kind, created_at) VALUES (?, 'plan', 'now')").run(name);

  it('writes through the rollback journal and returns the workspace to WAL', async () => {
    const db = openWorkspace(tempFile());
    const modeDuringWrite = await withRollbackJournal(db, async () => {
      db.transaction(() => addDataset(db, 'a'))();
      return db.pragma('journal_mode', { simple: true });
    });
    expect(modeDuringWrite).toBe('delete');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(datasetCount(db)).toBe(1);
    db.close();
  });

  it('returns to WAL when the write fails, and the rolled-back write leaves nothing', async () => {
    const db = openWorkspace(tempFile());
    const failing = withRollbackJournal(db, async () => {
      db.exec('BEGIN IMMEDIATE');
      addDataset(db, 'a');
      db.exec('ROLLBACK');
      throw new Error('bad line');
    });
    await expect(failing).rejects.toThrow('bad line');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(datasetCount(db)).toBe(0);
    db.close();
  });

  it('makes another process opening the workspace meanwhile wait, then say it is busy (not that it is no database)', async () => {
    const file = tempFile();
    const db = openWorkspace(file);
    await withRollbackJournal(db, async () => {
      db.exec('BEGIN EXCLUSIVE'); // what a big import holds once its pages spill to the file
      try {
        expect(() => openWorkspace(file)).toThrow(/is busy: another Accord process is writing to it/);
      } finally {
        db.exec('ROLLBACK');
      }
    });
    db.close();
  }, 15_000);

  it('stays in WAL mode, without waiting, while another connection has the workspace open', async () => {
    const file = tempFile();
    const db = openWorkspace(file);
    const other = new Database(file);
    other.prepare('SELECT count(*) FROM datasets').get();
    const started = performance.now();
    const modeDuringWrite = await withRollbackJournal(db, async () => db.pragma('journal_mode', { simple: true }));
    expect(modeDuringWrite).toBe('wal');
    expect(performance.now() - started).toBeLessThan(4000); // not the 5 s busy timeout
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    other.close();
    db.close();
  });
});

describe('migration registry', () => {
  it('parses numbered names and refuses others', () => {
    expect(migrationVersion('0010_init.sql')).toBe(10);
    expect(() => migrationVersion('init.sql')).toThrow(/0010_name\.sql/);
  });
  it('refuses a non-monotonic list', () => {
    expect(() => assertMonotonic([{ version: 20, name: 'b' }, { version: 10, name: 'a' }])).toThrow(/out of order/);
  });
  it('lists every .sql file in db/migrations exactly once', () => {
    const onDisk = fs.readdirSync(path.join(import.meta.dirname, 'migrations')).filter((f) => f.endsWith('.sql')).sort();
    expect(loadMigrations().map((m) => m.name)).toEqual(onDisk);
  });
});
