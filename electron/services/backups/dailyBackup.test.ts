import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspace, type Db } from '../../../db/workspace';
import { runDailyBackup } from './dailyBackup';

const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

function workspace(): { db: Db; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-backup-'));
  const db = openWorkspace(path.join(dir, 'w.accord'));
  db.exec('CREATE TABLE probe (note TEXT)');
  cleanup.push(() => {
    if (db.open) db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { db, dir };
}

describe('runDailyBackup', () => {
  it("writes today's snapshot with the backup API, including changes still in the WAL", async () => {
    const { db, dir } = workspace();
    db.prepare('INSERT INTO probe VALUES (?)').run('saved a moment ago');
    const folder = path.join(dir, 'backups');
    const result = await runDailyBackup(db, folder, 7, new Date(2025, 2, 10, 9));
    expect(result).toEqual({ created: path.join(folder, '2025-03-10.accord'), removed: [] });
    const copy = new Database(result.created!, { readonly: true });
    try {
      expect(copy.prepare('SELECT note FROM probe').all()).toEqual([{ note: 'saved a moment ago' }]);
      expect(copy.pragma('user_version', { simple: true })).toBe(db.pragma('user_version', { simple: true }));
    } finally {
      copy.close();
    }
    expect(fs.readdirSync(folder)).toEqual(['2025-03-10.accord']);
  });

  it('keeps the workspace usable while and after it is backed up', async () => {
    const { db, dir } = workspace();
    await runDailyBackup(db, path.join(dir, 'backups'), 7, new Date(2025, 2, 10, 9));
    db.prepare('INSERT INTO probe VALUES (?)').run('after the backup');
    expect(db.prepare('SELECT count(*) FROM probe').pluck().get()).toBe(1);
  });

  it('does nothing more on the same day', async () => {
    const { db, dir } = workspace();
    const folder = path.join(dir, 'backups');
    await runDailyBackup(db, folder, 7, new Date(2025, 2, 10, 9));
    expect(await runDailyBackup(db, folder, 7, new Date(2025, 2, 10, 17))).toEqual({ created: null, removed: [] });
  });

  it('deletes the oldest backups beyond N, and leaves other files alone', async () => {
    const { db, dir } = workspace();
    const folder = path.join(dir, 'backups');
    fs.mkdirSync(folder);
    for (const name of ['2025-03-07.accord', '2025-03-08.accord', '2025-03-09.accord', 'README.txt']) fs.writeFileSync(path.join(folder, name), 'x');
    const result = await runDailyBackup(db, folder, 2, new Date(2025, 2, 10, 9));
    expect(result.removed).toEqual([path.join(folder, '2025-03-08.accord'), path.join(folder, '2025-03-07.accord')]);
    expect(fs.readdirSync(folder).sort()).toEqual(['2025-03-09.accord', '2025-03-10.accord', 'README.txt']);
  });

  it('keeps the old backups when today’s cannot be written', async () => {
    const { db, dir } = workspace();
    const folder = path.join(dir, 'backups');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, '2025-03-09.accord'), 'x');
    db.close();
    await expect(runDailyBackup(db, folder, 1, new Date(2025, 2, 10, 9))).rejects.toThrow();
    expect(fs.readdirSync(folder)).toEqual(['2025-03-09.accord']);
  });
});
