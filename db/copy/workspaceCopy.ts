import { loadMigrations } from '../migrations';
import { TableDigest } from './canonical';
import { CopyError, type BatchLimit, type CopySource, type CopyTarget } from './ends';
import { postgresSource, postgresTarget } from './postgresEnd';
import { sqliteSource, sqliteTarget } from './sqliteEnd';
import { copyPlan, NOT_COPIED, splitPlan, type TablePlan } from './tablePlan';
import { isPostgresUrl } from './where';


/** Where the copy is, for progress lines. */
export interface CopyProgress {
  phase: 'copying' | 'checking';
  table: string;
  /** Rows of this table done so far, and in all. */
  done: number;
  total: number;
  /** Rows of every table done so far (both phases count the same rows), and in all. */
  allDone: number;
  allTotal: number;
}

export interface TableSummary {
  table: string;
  rows: number;
  /** SHA-256 of the table's rows in canonical encoding (db/copy/canonical.ts), the same at both ends. */
  sha256: string;
}

export interface CopySummary {
  from: string;
  to: string;
  schemaVersion: number;
  tables: TableSummary[];
  rows: number;
  /** Tables of the source not copied ({@link NOT_COPIED}), with their rows there and why. */
  leftOut: { table: string; rows: number; why: string }[];
  /** Always true in a summary: a mismatch fails the copy before anything is committed. */
  hashesMatch: true;
}

export interface CopyOptions {
  /** Rows per batch read and written at most (one COPY per batch on PostgreSQL); default 2000. */
  batchRows?: number;
  /** Bytes of text and blobs per batch at most (about); default 8 MB. */
  batchBytes?: number;
  /** Stops the copy between two batches (Ctrl-C): the target is left as it was. */
  signal?: AbortSignal;
  /** Awaited, so a caller (a test) can act at a given point of the copy. */
  onProgress?: (progress: CopyProgress) => void | Promise<void>;
}

const limitOf = (options: Pick<CopyOptions, 'batchRows' | 'batchBytes'>): BatchLimit => ({ rows: options.batchRows ?? 2000, bytes: options.batchBytes ?? 8 * 1024 * 1024 });

async function openSource(from: string): Promise<CopySource> {
  return isPostgresUrl(from) ? postgresSource(from) : sqliteSource(from);
}

/**
 * `accord workspace copy` (issue 16, part 4): every table of a workspace — items, findings, tasks,
 * labels and their history, gold and its edits, judge runs and calls, mappings, the trash,
 * people — from a file or PostgreSQL to a new file or an empty PostgreSQL database. Each table's
 * rows are hashed as they are read, read back from the target before it is committed and hashed
 * again; the copy commits only if every count and hash matches, so a failed copy of any kind
 * leaves the target as it was.
 */
export async function copyWorkspace(from: string, to: string, options: CopyOptions = {}): Promise<CopySummary> {
  const batch = limitOf(options);
  const migrations = loadMigrations();
  const latest = migrations.at(-1)!.version;
  const { copied: plan, leftOut } = splitPlan(copyPlan(migrations));
  const source = await openSource(from);
  try {
    const version = await source.version();
    if (version === 0) throw new CopyError(`${source.label} is not an Accord workspace (it has no Accord schema)`);
    if (version !== latest) {
      throw new CopyError(
        version > latest
          ? `${source.label} was written by a newer version of Accord (schema ${version}; this version knows up to ${latest})`
          : `${source.label} is at schema ${version}, older than this version's ${latest}: open it with this version of Accord once (it upgrades the workspace, after a backup), then copy it`,
      );
    }
    const totals = new Map<string, number>();
    for (const table of plan) totals.set(table.name, await source.count(table));
    const allTotal = [...totals.values()].reduce((a, b) => a + b, 0);
    const target = isPostgresUrl(to) ? postgresTarget(to) : sqliteTarget(to);
    try {
      await target.begin();
      const written = await load(source, target, plan, batch, totals, allTotal, options);
      await target.finishLoad(plan);
      const tables = await verify(target, plan, batch, written, allTotal, options);
      await target.commit();
      const left = [];
      for (const table of leftOut) left.push({ table: table.name, rows: await source.count(table), why: NOT_COPIED[table.name]! });
      return { from: source.label, to: target.label, schemaVersion: version, tables, rows: allTotal, leftOut: left, hashesMatch: true };
    } catch (error) {
      await target.abort();
      throw error;
    }
  } finally {
    await source.close();
  }
}

/** Copies every table in plan order, hashing each row as it is read. */
async function load(source: CopySource, target: CopyTarget, plan: TablePlan[], batch: BatchLimit, totals: Map<string, number>, allTotal: number, options: CopyOptions): Promise<Map<string, TableSummary>> {
  const written = new Map<string, TableSummary>();
  let allDone = 0;
  for (const table of plan) {
    const digest = new TableDigest(table.columns.map((c) => c.kind));
    const total = totals.get(table.name) ?? 0;
    await options.onProgress?.({ phase: 'copying', table: table.name, done: 0, total, allDone, allTotal });
    for await (const rows of source.rows(table, batch)) {
      if (options.signal?.aborted) throw new CopyError('the copy was cancelled');
      for (const row of rows) digest.add(row);
      await target.write(table, rows);
      allDone += rows.length;
      await options.onProgress?.({ phase: 'copying', table: table.name, done: digest.rows, total, allDone, allTotal });
    }
    // A row written while the snapshot was read cannot appear, but a count that differs would say the read went wrong.
    if (digest.rows !== total) throw new CopyError(`${table.name}: counted ${total} rows but read ${digest.rows}`);
    written.set(table.name, { table: table.name, rows: digest.rows, sha256: digest.digest() });
  }
  return written;
}

/** Reads every table back from the target and compares its count and hash with what was read from the source. */
async function verify(target: CopyTarget, plan: TablePlan[], batch: BatchLimit, written: Map<string, TableSummary>, allTotal: number, options: CopyOptions): Promise<TableSummary[]> {
  const mismatches: string[] = [];
  const tables: TableSummary[] = [];
  let allDone = 0;
  for (const table of plan) {
    const want = written.get(table.name)!;
    const digest = new TableDigest(table.columns.map((c) => c.kind));
    for await (const rows of target.rows(table, batch)) {
      if (options.signal?.aborted) throw new CopyError('the copy was cancelled');
      for (const row of rows) digest.add(row);
      allDone += rows.length;
      await options.onProgress?.({ phase: 'checking', table: table.name, done: digest.rows, total: want.rows, allDone, allTotal });
    }
    const got = { table: table.name, rows: digest.rows, sha256: digest.digest() };
    if (got.rows !== want.rows || got.sha256 !== want.sha256) mismatches.push(`${table.name} (${want.rows} rows read, ${got.rows} written; hashes ${want.sha256.slice(0, 12)}… and ${got.sha256.slice(0, 12)}…)`);
    tables.push(got);
  }
  if (mismatches.length > 0) throw new CopyError(`the copy does not match its source in ${mismatches.join(', ')}; nothing was kept`);
  return tables;
}

/** The per-table hashes of what a copy of a workspace carries, as it stands (for checks and tests), without copying it. */
export async function hashWorkspace(where: string, options: Pick<CopyOptions, 'batchRows' | 'batchBytes'> = {}): Promise<{ schemaVersion: number; tables: TableSummary[] }> {
  const plan = splitPlan(copyPlan()).copied;
  const source = await openSource(where);
  try {
    const tables: TableSummary[] = [];
    for (const table of plan) {
      const digest = new TableDigest(table.columns.map((c) => c.kind));
      for await (const rows of source.rows(table, limitOf(options))) for (const row of rows) digest.add(row);
      tables.push({ table: table.name, rows: digest.rows, sha256: digest.digest() });
    }
    return { schemaVersion: await source.version(), tables };
  } finally {
    await source.close();
  }
}

export { CopyError };
