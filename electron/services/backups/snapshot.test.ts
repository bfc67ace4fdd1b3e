import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspace } from '../../../db/workspace';
import { writeSnapshot } from './snapshot';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('writeSnapshot', () => {
  it('copies the open workspace, WAL content included, into one self-contained file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-snapshot-'));
    dirs.push(dir);
    const db = openWorkspace(path.join(dir, 'w.accord'));
    db.exec("CREATE TABLE probe (note TEXT); INSERT INTO probe VALUES ('not yet checkpointed')");
    const target = path.join(dir, 'copy.accord');
    await writeSnapshot(db, target);
    db.close();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual(['copy.accord']);
    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect(copy.prepare('SELECT note FROM probe').pluck().get()).toBe('not yet checkpointed');
    } finally {
      copy.close();
    }
    // Opening it read-only created no -wal/-shm beside it.
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual(['copy.accord']);
  });

  it("replaces an existing file without replaying that file's leftover journal into the copy", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-snapshot-'));
    dirs.push(dir);
    const target = path.join(dir, 'copy.accord');
    fs.writeFileSync(target, 'old');
    fs.writeFileSync(`${target}-wal`, 'stale wal of the old file');
    fs.writeFileSync(`${target}-journal`, 'stale journal of the old file');
    const db = openWorkspace(path.join(dir, 'w.accord'));
    await writeSnapshot(db, target);
    db.close();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual(['copy.accord']);
    const copy = new Database(target, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
  });

  it('leaves neither the target nor a temporary file when the copy fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-snapshot-'));
    dirs.push(dir);
    const db = openWorkspace(path.join(dir, 'w.accord'));
    db.close();
    await expect(writeSnapshot(db, path.join(dir, 'copy.accord'))).rejects.toThrow();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual([]);
  });
});
