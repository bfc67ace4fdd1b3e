import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertMonotonic, loadMigrations, migrationVersion } from './migrations';
import { openWorkspace, schemaVersion, WorkspaceError } from './workspace';

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
