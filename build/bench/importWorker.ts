// Child processes of the import benchmark (importBench.ts), so that each side's peak memory and
// lock statistics are its own:
//   importWorker.ts accord   FILE WORKSPACE                 → imports FILE with the real import service
//   importWorker.ts baseline WORKSPACE SOURCE JOURNAL       → inserts the same rows (read back from
//                                                             the SOURCE workspace an accord run made)
//                                                             with a bare loop, journal mode JOURNAL
//   importWorker.ts parse    FILE                           → parses, validates, scores and hashes FILE
//                                                             as the import does, in this thread,
//                                                             without a database: its CPU time
//   importWorker.ts engine   FILE WORKSPACE                 → only V8's JSON.parse of FILE's lines and
//                                                             JSON.stringify of the JSON columns the
//                                                             accord run stored in WORKSPACE: its CPU time
//   importWorker.ts pgAccord FILE URL                      → imports FILE into the PostgreSQL workspace
//                                                             at URL (rows through COPY)
//   importWorker.ts pgBaseline URL SOURCE_URL              → COPYs the items and findings an accord run
//                                                             wrote at SOURCE_URL into URL, pre-encoded
//   importWorker.ts crowd    FILE WORKSPACE                 → imports FILE (a release carrying its labels)
//                                                             as the workspace's owner, through dispatch
//   importWorker.ts rows     WORKSPACE SOURCE JOURNAL       → inserts every row the SOURCE workspace holds
//                                                             (read back outside the timed part) with a
//                                                             bare loop per table, in one transaction
//   importWorker.ts saver    WORKSPACE TASK                 → saves labels as two annotators, one every
//                                                             SAVE_EVERY_MS each, until told to stop
//                                                             on stdin; reports their latencies
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { openWorkspace } from '../../db/workspace';
import type { PgWriteStats } from '../../db/sql/pgWritePath';
import type { WriteStats } from '../../db/writePath';
import type { QueueEntry } from '../../electron/api/contract';
import { detectSource } from '../../electron/services/import/detectSource';
import { importFiles } from '../../electron/services/import/importFiles';
import { contentHashOf, parseFile } from '../../electron/services/import/preparedItems';
import { openSession } from '../../electron/services/session';
import { ThreadCpu, type ThreadSeconds } from './threadCpu';

/** What the accord mode prints. */
export interface AccordRun {
  seconds: number;
  /** CPU time of the whole process (both threads, parsing included), in seconds. */
  cpuSeconds: number;
  rows: number;
  peakMb: number;
  writes: WriteStats;
  /** CPU seconds by thread (Linux), the importing thread's and the others'. */
  threads: ThreadSeconds | null;
}

/** What the pgAccord mode prints: as the accord mode, with the PostgreSQL write path's statistics. */
export interface PgAccordRun {
  seconds: number;
  cpuSeconds: number;
  rows: number;
  peakMb: number;
  writes: PgWriteStats;
  threads: ThreadSeconds | null;
  /** The server process that took the rows (see BackendTimes). */
  server: BackendTimes | null;
}

/**
 * Seconds a server process ran on a core and spent runnable but waiting for one (Linux
 * /proc/PID/schedstat): on a machine loaded by other work, the wait says how far its wall time
 * stretched for want of a core, which the ratio alone cannot tell from the import's own cost.
 */
export interface BackendTimes {
  cpu: number;
  waited: number;
}

function backendTimes(pid: number): BackendTimes | null {
  try {
    const [onCpu, waiting] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { cpu: onCpu / 1e9, waited: waiting / 1e9 };
  } catch {
    return null;
  }
}

/** `after` − `before`, or null when either could not be read (another host, another OS). */
function since(before: BackendTimes | null, after: BackendTimes | null): BackendTimes | null {
  return before && after ? { cpu: after.cpu - before.cpu, waited: after.waited - before.waited } : null;
}

/** What the saver mode prints: every save's latency (ms), the saves refused with their errors, its lock statistics. */
export interface SaverRun {
  latenciesMs: number[];
  refused: string[];
  writes: WriteStats;
}

export const ANNOTATORS = ['ana', 'ben'];
const SAVE_EVERY_MS = 20;
const LEVELS = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];

const [mode, ...args] = process.argv.slice(2);

if (mode === 'accord') {
  const [file, workspace] = args;
  const session = openSession({ workspacePath: workspace });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const threadCpu = new ThreadCpu();
  const report = await importFiles(session.ctx, [{ path: file, displayName: path.basename(file) }]);
  const seconds = (performance.now() - started) / 1000;
  const writes = session.writePath.stats();
  session.close();
  const threads = threadCpu.stop();
  const f = report.files[0];
  if (f.status !== 'imported') throw new Error(`import failed: ${JSON.stringify(f.errors)}`);
  const cpu = process.cpuUsage(cpuBefore);
  print({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows: f.imported, peakMb: peakMb(), writes, threads } satisfies AccordRun);
} else if (mode === 'baseline') {
  const [workspace, source, journal] = args;
  // Rows prepared outside the timed part: the baseline is the cost of writing them only.
  const from = new Database(source, { readonly: true });
  const items = from.prepare('SELECT * FROM items ORDER BY id').all() as Record<string, unknown>[];
  const findings = from.prepare('SELECT * FROM findings ORDER BY id').all() as Record<string, unknown>[];
  from.close();
  const db = bareConnection(workspace, journal);
  db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'bench', 'conversation', 'now')").run();
  db.prepare("INSERT INTO imports (id, dataset_id, file_name, content_hash, format, item_count, skipped_count, imported_at) VALUES (1, 1, 'f', 'h', 'x', 0, 0, 'now')").run();
  // Parameters by position, as the import binds them.
  const columns = ['id', 'external_id', 'kind', 'payload', 'raw_text', 'content_hash', 'metadata', 'metrics', 'source_line', 'error_count', 'warning_count', 'info_count', 'created_at', 'updated_at'];
  const insertItem = db.prepare(`INSERT INTO items (dataset_id, import_id, ${columns.join(', ')}) VALUES (1, 1, ${columns.map(() => '?').join(', ')})`);
  const insertFinding = db.prepare('INSERT INTO findings (item_id, validator, severity, location, message) VALUES (?, ?, ?, ?, ?)');
  const itemRows = items.map((item) => columns.map((column) => item[column]));
  const findingRows = findings.map((f) => [f.item_id, f.validator, f.severity, f.location, f.message]);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // One transaction; in WAL mode its commit checkpoints the WAL into the database as SQLite
  // does by default (the import pays for its checkpoints too).
  db.transaction(() => {
    for (const row of itemRows) insertItem.run(...row);
    for (const row of findingRows) insertFinding.run(...row);
  })();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  db.close();
  print({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows: items.length, peakMb: peakMb() });
} else if (mode === 'pgAccord') {
  const [file, url] = args;
  const { openPostgresSession } = await import('../../electron/services/postgresSession');
  const session = await openPostgresSession(url);
  const backend = Number(session.writePath.client.query('writer', 'SELECT pg_backend_pid() AS pid').rows[0].pid);
  const serverBefore = backendTimes(backend);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const threadCpu = new ThreadCpu();
  const report = await importFiles(session.ctx, [{ path: file, displayName: path.basename(file) }]);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const server = since(serverBefore, backendTimes(backend));
  const writes = session.writePath.stats();
  session.close();
  const threads = threadCpu.stop();
  const f = report.files[0];
  if (f.status !== 'imported') throw new Error(`import failed: ${JSON.stringify(f.errors)}`);
  print({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows: f.imported, peakMb: peakMb(), writes, threads, server } satisfies PgAccordRun);
} else if (mode === 'pgBaseline') {
  // The fastest honest way to put the same rows into the same tables and indexes: each table's
  // rows, already in COPY's text format (read back from the accord run's database outside the
  // timed part), sent in one COPY per table, in one transaction.
  const [url, source] = args;
  const { default: pg } = await import('pg');
  const { default: pgCopy } = await import('pg-copy-streams');
  const { from, to } = pgCopy;
  const { pipeline } = await import('node:stream/promises');
  const { Readable, Writable } = await import('node:stream');
  const { openPostgresSession } = await import('../../electron/services/postgresSession');
  // Migrated as a workspace (the same schema and indexes), then filled on a bare connection.
  (await openPostgresSession(url)).close();
  const reader = new pg.Client({ connectionString: source });
  await reader.connect();
  const dump = async (table: string): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    await pipeline(reader.query(to(`COPY (SELECT * FROM ${table} ORDER BY id) TO STDOUT`)), new Writable({ write: (chunk: Buffer, _e, done) => (chunks.push(chunk), done()) }));
    return Buffer.concat(chunks);
  };
  const [datasets, imports, items, findings] = [await dump('datasets'), await dump('imports'), await dump('items'), await dump('findings')];
  await reader.end();
  const writer = new pg.Client({ connectionString: url });
  await writer.connect();
  const copy = (table: string, data: Buffer) => pipeline(Readable.from([data]), writer.query(from(`COPY ${table} FROM STDIN`)));
  await copy('datasets', datasets);
  await copy('imports', imports);
  const backend = Number((await writer.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  const serverBefore = backendTimes(backend);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await writer.query('BEGIN');
  await copy('items', items);
  await copy('findings', findings);
  await writer.query('COMMIT');
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const server = since(serverBefore, backendTimes(backend));
  const rows = Number((await writer.query<{ n: string }>('SELECT count(*) AS n FROM items')).rows[0].n);
  await writer.end();
  print({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows, peakMb: peakMb(), server });
} else if (mode === 'parse') {
  // What the import must compute whatever it writes with: the file read, every record parsed,
  // validated and scored, its columns serialised and its content hashed (as the writing thread
  // does), on one thread.
  const [file] = args;
  const fileName = path.basename(file);
  const { framing, format } = await detectSource(file, fileName);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let rows = 0;
  for await (const event of parseFile(file, framing, format, fileName)) {
    if (event.type !== 'items') continue;
    for (const item of event.items) contentHashOf(item);
    rows += event.items.length;
  }
  const cpu = process.cpuUsage(cpuBefore);
  print({ seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows });
} else if (mode === 'engine') {
  // What no import written in JavaScript can avoid, whatever its own code costs: V8's own
  // JSON.parse of every line and JSON.stringify of every JSON column it stores. The columns are
  // read back and parsed in batches outside the timed part (in batches, so that no heap of
  // 100,000 records makes the collector's work part of the figure).
  const [file, workspace] = args;
  const source = new Database(workspace, { readonly: true });
  const columns = source.prepare('SELECT id, payload, metadata, metrics FROM items WHERE id > ? ORDER BY id LIMIT 1000');
  let parseMs = 0;
  let stringifyMs = 0;
  const timed = (run: () => void) => {
    const before = process.cpuUsage();
    run();
    const spent = process.cpuUsage(before);
    return (spent.user + spent.system) / 1000;
  };
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (let at = 0; at < lines.length; at += 1000) {
    const batch = lines.slice(at, at + 1000).filter((line) => line.length > 0);
    parseMs += timed(() => batch.forEach((line) => JSON.parse(line)));
  }
  lines.length = 0;
  let rows = 0;
  for (let last = 0; ; ) {
    const batch = columns.all(last) as { id: number; payload: string; metadata: string; metrics: string | null }[];
    if (batch.length === 0) break;
    last = batch.at(-1)!.id;
    rows += batch.length;
    const values = batch.map((row) => [JSON.parse(row.payload), JSON.parse(row.metadata), row.metrics === null ? null : JSON.parse(row.metrics)]);
    stringifyMs += timed(() => values.forEach((row) => row.forEach((value) => value !== null && JSON.stringify(value))));
  }
  source.close();
  print({ cpuSeconds: (parseMs + stringifyMs) / 1000, parseSeconds: parseMs / 1000, stringifySeconds: stringifyMs / 1000, rows });
} else if (mode === 'crowd') {
  const [file, workspace] = args;
  const { dispatch } = await import('../../electron/services/dispatch');
  const session = openSession({ workspacePath: workspace });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const reply = await dispatch(session.ctx, 'datasets.import', { sources: [{ path: file }] }, { owner: true });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  session.close();
  if (!reply.ok) throw new Error(`import failed: ${reply.error.message}`);
  const f = (reply.value as { files: { status: string; task?: { labels: number }; errors: unknown[] }[] }).files[0];
  if (f.status !== 'imported' || !f.task) throw new Error(`import failed: ${JSON.stringify(f.errors)}`);
  print({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows: f.task.labels, peakMb: peakMb() });
} else if (mode === 'rows') {
  // Every row an import left, table by table in the order their foreign keys need, each table's
  // rows through one prepared statement, all in one transaction: the bare loop for the same rows.
  const [workspace, source, journal] = args;
  const from = new Database(source, { readonly: true });
  const tables = (from.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((t) => t.name);
  const filled = tables.filter((t) => from.prepare(`SELECT 1 FROM "${t}" LIMIT 1`).get() !== undefined && t !== 'schema_migrations');
  const rows = new Map(filled.map((t) => [t, from.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[]]));
  from.close();
  const db = bareConnection(workspace, journal);
  // The migrations' own rows (settings and the like) are there already.
  for (const t of filled) if (db.prepare(`SELECT 1 FROM "${t}" LIMIT 1`).get() !== undefined) rows.delete(t);
  const order = foreignKeyOrder(db, [...rows.keys()]);
  const statements = order.map((t) => {
    const columns = Object.keys(rows.get(t)![0]);
    return { t, columns, insert: db.prepare(`INSERT INTO "${t}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`) };
  });
  const values = statements.map(({ t, columns }) => rows.get(t)!.map((row) => columns.map((c) => row[c])));
  rows.clear();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  db.transaction(() => statements.forEach(({ insert }, i) => values[i].forEach((row) => insert.run(...row))))();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  db.close();
  print({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows: values.reduce((n, v) => n + v.length, 0), peakMb: peakMb() });
} else if (mode === 'saver') {
  // Loaded here only: the dispatcher brings every service with it (~50 MB more memory), which
  // the import's peak memory must not count.
  const { dispatch } = await import('../../electron/services/dispatch');
  const [workspace, task] = args;
  const session = openSession({ workspacePath: workspace });
  const latenciesMs: number[] = [];
  const refused: string[] = [];
  let stopping = false;
  process.stdin.on('data', () => (stopping = true));
  process.stdin.on('end', () => (stopping = true));
  const annotate = async (name: string, offset: number) => {
    const queue = await dispatch(session.ctx, 'queue.get', { task }, { name });
    if (!queue.ok) throw new Error(`queue.get: ${queue.error.message}`);
    const entries = (queue.value as { entries: QueueEntry[] }).entries;
    for (let n = 0; !stopping; n++) {
      const entry = entries[n % entries.length];
      const args = { task, itemId: entry.itemId, question: 'overall_quality', value: LEVELS[(n + offset) % LEVELS.length], secondsSpent: 1 };
      const asked = performance.now();
      const reply = await dispatch(session.ctx, 'labels.save', args, { name });
      latenciesMs.push(performance.now() - asked);
      if (!reply.ok) refused.push(reply.error.message);
      if (n === 0 && offset === 0) process.stdout.write('ready\n');
      await new Promise((resolve) => setTimeout(resolve, SAVE_EVERY_MS));
    }
  };
  await Promise.all(ANNOTATORS.map((name, i) => annotate(name, i * 3)));
  const writes = session.writePath.stats();
  session.close();
  print({ latenciesMs, refused, writes } satisfies SaverRun);
} else {
  throw new Error(`unknown mode ${mode}`);
}

/** A bare connection to a new workspace file: its schema and its synchronous=FULL; only the journal varies. */
function bareConnection(workspace: string, journal: string): Database.Database {
  openWorkspace(workspace).close();
  const db = new Database(workspace);
  db.pragma(`journal_mode = ${journal}`);
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  if (db.pragma('journal_mode', { simple: true }) !== journal) throw new Error(`could not set journal_mode = ${journal}`);
  return db;
}

/** `tables` with every table before those whose foreign keys point at it. */
function foreignKeyOrder(db: Database.Database, tables: string[]): string[] {
  const parents = new Map(tables.map((t) => [t, (db.pragma(`foreign_key_list("${t}")`) as { table: string }[]).map((fk) => fk.table).filter((p) => p !== t && tables.includes(p))]));
  const ordered: string[] = [];
  const visit = (t: string) => {
    if (ordered.includes(t)) return;
    for (const parent of parents.get(t) ?? []) visit(parent);
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

function peakMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

function print(result: object) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
