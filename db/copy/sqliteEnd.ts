import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openWorkspace, type Db } from '../workspace';
import { asCell, CellKindError, type Cell } from './canonical';
import { cellBytes, CopyError, keyOf, rowSpan, type BatchLimit, type CopySource, type CopyTarget } from './ends';
import type { TablePlan } from './tablePlan';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The table's rows in plan order (BINARY: byte order, as PostgreSQL's "C"), checked against their kinds. */
async function* readRows(db: Db, table: TablePlan, limit: BatchLimit): AsyncIterable<Cell[][]> {
  const order = table.orderBy.map((c) => `${quote(c)} COLLATE BINARY`).join(', ');
  const statement = db.prepare(`SELECT ${table.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(table.name)} ORDER BY ${order}`).raw(true).safeIntegers(true);
  let rows: Cell[][] = [];
  let bytes = 0;
  let n = 0;
  for (const raw of statement.iterate() as Iterable<unknown[]>) {
    n++;
    try {
      const row = table.columns.map((c, i) => asCell(c.kind, raw[i], c.name));
      for (const cell of row) bytes += cellBytes(cell);
      rows.push(row);
    } catch (error) {
      if (error instanceof CellKindError) throw new CopyError(`${rowSpan(table.name, n, 1)} (${keyOf(table, raw)}) cannot be copied: ${error.message}`);
      throw error;
    }
    if (rows.length >= limit.rows || bytes >= limit.bytes) {
      yield rows;
      rows = [];
      bytes = 0;
    }
  }
  if (rows.length > 0) yield rows;
}

/** A workspace file as the source of a copy: read-only, one read transaction (a consistent snapshot). */
export function sqliteSource(file: string): CopySource {
  if (!fs.existsSync(file)) throw new CopyError(`${file} does not exist`);
  let db: Db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    // The snapshot starts with the first read and lasts until the end of the copy.
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    throw new CopyError(`${file} is not an Accord workspace: ${(error as Error).message}`);
  }
  return {
    label: file,
    async version() {
      return db.pragma('user_version', { simple: true }) as number;
    },
    async count(table) {
      return Number((db.prepare(`SELECT count(*) AS n FROM ${quote(table.name)}`).get() as { n: number }).n);
    },
    rows: (table, limit) => readRows(db, table, limit),
    async close() {
      if (db.open) db.close();
    },
  };
}

/**
 * A new workspace file as the target: built under a temporary name beside it and moved into
 * place only when every row is in and its hashes match; an existing file is never overwritten.
 */
export function sqliteTarget(file: string): CopyTarget {
  const resolved = path.resolve(file);
  const temp = path.join(path.dirname(resolved), `.${path.basename(resolved)}.copy-${process.pid}-${Date.now()}.tmp`);
  let db: Db | null = null;
  const inserts = new Map<string, Database.Statement>();
  const removeTemp = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${temp}${suffix}`, { force: true });
  };
  const open = () => {
    if (!db) throw new Error('the copy target was not begun');
    return db;
  };
  return {
    label: file,
    async begin() {
      if (fs.existsSync(resolved)) throw new CopyError(`${file} already exists: a copy never overwrites a workspace. Choose a new file name, or move that one away first.`);
      if (!fs.existsSync(path.dirname(resolved))) throw new CopyError(`the folder of ${file} does not exist`);
      db = openWorkspace(temp);
      db.exec('BEGIN');
      // References are checked once every table is in (finishLoad), as on PostgreSQL.
      db.pragma('defer_foreign_keys = ON');
    },
    async write(table, rows) {
      const target = open();
      let insert = inserts.get(table.name);
      if (!insert) {
        insert = target.prepare(`INSERT INTO ${quote(table.name)} (${table.columns.map((c) => quote(c.name)).join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`);
        inserts.set(table.name, insert);
      }
      for (const row of rows) insert.run(...row);
    },
    async finishLoad() {
      const broken = open().prepare('PRAGMA foreign_key_check').all() as { table: string; rowid: number; parent: string }[];
      if (broken.length > 0) {
        const first = broken[0];
        throw new CopyError(`${broken.length} row(s) refer to rows that do not exist, e.g. ${first.table} (rowid ${first.rowid}) → ${first.parent}`);
      }
    },
    rows: (table, limit) => readRows(open(), table, limit),
    async commit() {
      const target = open();
      target.exec('COMMIT');
      target.close();
      db = null;
      // link() fails if the name was taken meanwhile: the new workspace appears whole, or not at all.
      try {
        fs.linkSync(temp, resolved);
      } catch (error) {
        removeTemp();
        throw new CopyError(`${file} could not be created: ${(error as Error).message}`);
      }
      removeTemp();
    },
    async abort() {
      if (db?.open) {
        if (db.inTransaction) db.exec('ROLLBACK');
        db.close();
      }
      db = null;
      removeTemp();
    },
  };
}
