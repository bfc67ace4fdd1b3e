import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import pgCopy from 'pg-copy-streams';
import { copyWorkspace } from '../../db/copy/workspaceCopy';
import { migratePostgres } from '../../db/pgMigrations';
import { openWorkspace } from '../../db/workspace';
import { count, decimal } from '../../electron/common/numberFormat';
import { startPostgres } from '../../electron/testing/postgres';

const ITEM_COLUMNS = ['id', 'dataset_id', 'external_id', 'kind', 'payload', 'content_hash', 'metadata', 'created_at', 'updated_at'] as const;

/** A workspace file with `rows` conversation items of about 2 KB each, written directly (the import is benched on its own). */
function makeWorkspace(file: string, rows: number): void {
  openWorkspace(file).close();
  const db = new Database(file);
  db.exec("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'conversations', 'conversation', '2026-01-01T00:00:00.000Z')");
  const insert = db.prepare("INSERT INTO items (dataset_id, external_id, kind, payload, content_hash, metadata, created_at, updated_at) VALUES (1, ?, 'conversation', ?, ?, '{\"graph\":\"Returns\"}', ?, ?)");
  // Statement by statement (transactions belong to the write path), without syncing: this is a fixture, not a workspace in use.
  db.pragma('synchronous = OFF');
  for (let i = 0; i < rows; i++) {
    const payload = JSON.stringify({ messages: Array.from({ length: 12 }, (_, m) => ({ role: m % 2 ? 'assistant' : 'user', content: `conversation ${i}, message ${m}: ${'lorem ipsum '.repeat(12)}` })) });
    insert.run(`c-${i}`, payload, `hash-${i}`, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
  }
  db.close();
}

/** The floor: the same item rows into a migrated database with one bare COPY, no hashing, no read-back. */
async function bareCopy(file: string, url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migratePostgres(client);
    const started = performance.now();
    const db = new Database(file, { readonly: true });
    const rows = db.prepare(`SELECT ${ITEM_COLUMNS.join(', ')} FROM items`).raw(true).iterate() as Iterable<(string | number)[]>;
    const csv = Readable.from(
      (function* () {
        for (const row of rows) yield `${row.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`)).join(',')}\n`;
      })(),
    );
    await client.query("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'conversations', 'conversation', 'now')");
    await pipeline(csv, client.query(pgCopy.from(`COPY items (${ITEM_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT csv)`)));
    db.close();
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/**
 * `accord workspace copy` of `rows` conversation items (~2 KB each) from a file to a throwaway
 * PostgreSQL and back, each way including the read-back check of every table's hash, against a
 * bare COPY of the same item rows in the same run. No target yet: figures for
 * docs/team-server.md (the copy reads and hashes every row twice; the floor does neither).
 */
export async function benchWorkspaceCopy(rows = Number(process.env.BENCH_COPY_ROWS ?? 100_000)): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-copy-'));
  const server = await startPostgres();
  try {
    const file = path.join(dir, 'source.accord');
    makeWorkspace(file, rows);
    const mb = fs.statSync(file).size / 1e6;
    const floor = await bareCopy(file, await server.createDatabase('floor'));
    const url = await server.createDatabase('copy');
    let started = performance.now();
    await copyWorkspace(file, url);
    const up = (performance.now() - started) / 1000;
    started = performance.now();
    await copyWorkspace(url, path.join(dir, 'back.accord'));
    const down = (performance.now() - started) / 1000;
    console.log(`workspace copy: ${count(rows)} items (${decimal(mb, 0)} MB file)`);
    console.log(`  file → PostgreSQL ${decimal(up, 1)} s (${decimal(up / floor, 2)}× a bare COPY of the items: ${decimal(floor, 1)} s), PostgreSQL → file ${decimal(down, 1)} s; both with the read-back check`);
  } finally {
    server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
