import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspace, openWritePath } from './workspace';
import { CHUNK_BUDGET_MS, savepoint, WriteBusyError, writeChunks, WritePath } from './writePath';

const dirs: string[] = [];
const open: { close(): void }[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-write-'));
  dirs.push(dir);
  return path.join(dir, 'w.accord');
}
function writePath(file = tempFile(), options?: Parameters<typeof openWritePath>[1]): WritePath {
  const wp = openWritePath(file, options);
  open.push(wp);
  return wp;
}
afterEach(() => {
  for (const c of open.splice(0)) c.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const addDataset = (db: Database.Database, name: string) => db.prepare("INSERT INTO datasets (name, kind, created_at) VALUES (?, 'plan', 'now')").run(name);
const names = (db: Database.Database) => (db.prepare('SELECT name FROM datasets ORDER BY id').all() as { name: string }[]).map((r) => r.name);
/** Keeps the thread busy, as a chunk writing rows does. */
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('the write path', () => {
  it('runs a write in a transaction and commits it; reads use their own, read-only connection', async () => {
    const wp = writePath();
    expect(await wp.write((db) => Number(addDataset(db, 'a').lastInsertRowid))).toBe(1);
    expect(names(wp.db)).toEqual(['a']);
    expect(() => addDataset(wp.db, 'b')).toThrow(/readonly/);
    expect(() => wp.db.exec('DELETE FROM datasets')).toThrow(/readonly/);
    expect(names(wp.db)).toEqual(['a']);
  });

  it('rolls back a write that throws, and refuses one that is not synchronous', async () => {
    const wp = writePath();
    await expect(
      wp.write((db) => {
        addDataset(db, 'a');
        throw new Error('bad line');
      }),
    ).rejects.toThrow('bad line');
    await expect(wp.write(async (db) => addDataset(db, 'b'))).rejects.toThrow(/must be synchronous/);
    expect(names(wp.db)).toEqual([]);
    // The connection is usable afterwards, and read-only again outside writes.
    await wp.write((db) => addDataset(db, 'c'));
    expect(names(wp.db)).toEqual(['c']);
    expect(() => addDataset(wp.db, 'd')).toThrow(/readonly/);
  });

  it('routes ctx.db to the writer inside a write: reads see the write’s own rows, statements prepared before work inside', async () => {
    const wp = writePath();
    const insert = wp.db.prepare("INSERT INTO datasets (name, kind, created_at) VALUES (?, 'plan', 'now')");
    const count = wp.db.prepare('SELECT count(*) FROM datasets').pluck();
    expect(() => insert.run('outside')).toThrow(/readonly/);
    const seen = await wp.write(() => {
      insert.run('inside');
      return count.get();
    });
    expect(seen).toBe(1);
    expect(count.get()).toBe(1);
    expect(() => wp.db.transaction(() => 1)).toThrow(/write path only/);
  });

  it('runs writes of one process in the order they were asked for, and refuses a write inside a write', async () => {
    const wp = writePath();
    const order: string[] = [];
    await Promise.all(['a', 'b', 'c'].map((name) => wp.write((db) => (addDataset(db, name), order.push(name)))));
    expect(order).toEqual(['a', 'b', 'c']);
    await expect(wp.write(() => wp.write(() => 1))).rejects.toThrow(/inside another write/);
  });

  it('rolls a savepoint back alone', async () => {
    const wp = writePath();
    await wp.write((db) => {
      addDataset(db, 'kept');
      expect(() =>
        savepoint(db, () => {
          addDataset(db, 'dropped');
          throw new Error('no');
        }),
      ).toThrow('no');
    });
    expect(names(wp.db)).toEqual(['kept']);
  });

  it('waits, without blocking the thread, while another process holds the lock, then writes', async () => {
    const file = tempFile();
    const wp = writePath(file);
    const other = openWorkspace(file);
    other.exec('BEGIN IMMEDIATE');
    addDataset(other, 'theirs');
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    setTimeout(() => other.exec('COMMIT'), 100);
    await wp.write((db) => addDataset(db, 'ours'));
    clearInterval(ticker);
    other.close();
    expect(names(wp.db)).toEqual(['theirs', 'ours']);
    // SQLite's busy handler would have blocked the thread for the whole wait: no tick at all.
    expect(ticks).toBeGreaterThan(0);
    expect(wp.stats().busyRetries).toBeGreaterThan(0);
    expect(wp.stats().longestWaitMs).toBeGreaterThanOrEqual(90);
  });

  it('gives up after a bounded wait with an error that says why, having written nothing', async () => {
    const file = tempFile();
    const bounded = new WritePath(openWorkspace(file), { maxWaitMs: 150 });
    open.push(bounded);
    const other = openWorkspace(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      const refused = bounded.write((db) => addDataset(db, 'ours'), { label: 'label save' });
      await expect(refused).rejects.toThrow(WriteBusyError);
      await expect(refused).rejects.toThrow(/busy: another process has held its write lock .*label save/);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(names(bounded.db)).toEqual([]);
  });

  it('commits a write nobody sees yet without a sync, and goes back to synchronous=FULL', async () => {
    const wp = writePath();
    const during = await wp.write((db) => (addDataset(db, 'hidden'), db.pragma('synchronous', { simple: true })), { durable: false });
    expect(during).toBe(1); // NORMAL
    expect(wp.writer.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(await wp.write((db) => db.pragma('synchronous', { simple: true }))).toBe(2);
    expect(names(wp.db)).toEqual(['hidden']);
  });

  it('checkpoints a long writer\'s WAL on the checkpoint thread, while this thread goes on writing', async () => {
    const file = tempFile();
    const wp = writePath(file);
    const sizeBefore = fs.statSync(file).size;
    // 10,000 rows changed (CHECKPOINT_AFTER_ROWS): the write after them asks for a checkpoint.
    const rows = Array.from({ length: 10_000 }, (_, i) => `dataset ${i} ${'x'.repeat(200)}`);
    for (let from = 0; from < rows.length; from += 2_500) {
      await wp.write((db) => rows.slice(from, from + 2_500).forEach((name) => addDataset(db, name)), { chunk: true, durable: false });
    }
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000);
    await expect.poll(() => wp.stats().checkpointsElsewhere, { timeout: 10_000 }).toBe(1);
    expect(wp.stats().checkpoints).toBe(1);
    // The rows were copied into the database file by the thread's own connection.
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore + 2_000_000);
    expect(names(wp.db)).toHaveLength(10_000);
    // Closing waits for the thread's connection: the workspace's own close last, and the last removes the WAL.
    wp.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('closes without taking the write lock from another process: the WAL is left to the connection still open, and its last close removes it', async () => {
    const file = tempFile();
    const wp = writePath(file);
    // Another process's workspace (accord serve while the CLI imported): a second write path.
    const other = openWritePath(file);
    open.push(other);
    await wp.write((db) => Array.from({ length: 2_000 }, (_, i) => addDataset(db, `d${i} ${'x'.repeat(200)}`)), { durable: false });
    const walBefore = fs.statSync(`${file}-wal`).size;
    expect(walBefore).toBeGreaterThan(400_000);
    wp.close();
    // A TRUNCATE would have emptied the WAL, holding the lock the other's saves wait for while it
    // copied, synced and cut it (0.5–0.8 s after a 210 MB import, npm run bench -- import).
    expect(fs.statSync(`${file}-wal`).size).toBe(walBefore);
    await other.write((db) => addDataset(db, 'after'));
    expect(names(other.db)).toHaveLength(2_001);
    other.close();
    // The last connection to close checkpointed everything into the file and removed the WAL.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const check = openWritePath(file);
    expect(names(check.db)).toHaveLength(2_001);
    check.close();
  });

  it('records how long each write held the lock', async () => {
    const wp = writePath();
    await wp.write(() => spin(30), { label: 'slow' });
    await wp.write(() => undefined, { label: 'quick' });
    const stats = wp.stats();
    expect(stats.writes).toBe(2);
    expect(stats.longestHoldLabel).toBe('slow');
    expect(stats.longestHoldMs).toBeGreaterThanOrEqual(30);
    expect(stats.holds.reduce((n, b) => n + b.count, 0)).toBe(2);
  });

  it('lets another process in between the chunks of a long writer', async () => {
    const file = tempFile();
    const importer = writePath(file);
    const annotator = writePath(file);
    let chunks = 0;
    const long = writeChunks(
      importer.write,
      (db, hold) => {
        while (!hold.overBudget()) spin(1);
        addDataset(db, `chunk-${chunks}`);
        return ++chunks === 6;
      },
      'import chunk',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = performance.now();
    await annotator.write((db) => addDataset(db, 'label'));
    const waited = performance.now() - asked;
    await long;
    const order = names(importer.db);
    expect(order.indexOf('label')).toBeGreaterThan(0);
    expect(order.indexOf('label')).toBeLessThan(order.length - 1);
    // It waited for one chunk at most, not for the whole writer (6 chunks).
    expect(waited).toBeLessThan(3 * CHUNK_BUDGET_MS);
    expect(importer.stats().longestHoldMs).toBeGreaterThanOrEqual(CHUNK_BUDGET_MS);
  });

  it('holds a chunk back while a writer of another process says it is waiting, and says so itself when it waits', async () => {
    const file = tempFile();
    const importer = writePath(file);
    // A writer of another process polling for the lock touches the waiting file each time.
    const waiting = `${file}-waiting`;
    const touch = () => {
      fs.closeSync(fs.openSync(waiting, 'a'));
      fs.utimesSync(waiting, new Date(), new Date());
    };
    touch();
    const poller = setInterval(touch, 3);
    const asked = performance.now();
    setTimeout(() => clearInterval(poller), 60);
    await writeChunks(importer.write, (db) => (addDataset(db, 'chunk'), true), 'import chunk');
    // Held back while the other writer polled (60 ms), not beyond.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(55);
    expect(importer.stats().yields).toBeGreaterThan(0);

    // And a writer kept waiting by another process touches the file as it polls.
    fs.rmSync(waiting);
    const other = openWorkspace(file);
    other.exec('BEGIN IMMEDIATE');
    setTimeout(() => other.exec('COMMIT'), 50);
    await importer.write((db) => addDataset(db, 'after'));
    other.close();
    expect(fs.existsSync(waiting)).toBe(true);
  });
});
