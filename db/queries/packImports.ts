import { asSql, type AnyDb } from '../sql/sqliteSqlDb';

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

/** Provenance of a merged label pack. */
export interface PackImportWrite {
  taskId: number;
  annotator: string;
  fileName: string;
  contentHash: string;
  origin: string;
  exportedAt: string;
}

/** Records a pack import (counts filled in by {@link finishPackImport}); returns its id. */
export function insertPackImport(conn: AnyDb, pack: PackImportWrite): number {
  const db = asSql(conn);
  const insert = db.q
    .insertInto('pack_imports')
    .values({
      task_id: pack.taskId,
      annotator: pack.annotator,
      file_name: pack.fileName,
      content_hash: pack.contentHash,
      origin: pack.origin,
      exported_at: pack.exportedAt,
      applied: 0,
      kept: 0,
      refused: 0,
      imported_at: new Date().toISOString(),
    })
    .returning('id');
  return db.one(insert)!.id;
}

export function finishPackImport(conn: AnyDb, id: number, counts: { applied: number; kept: number; refused: number }): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('pack_imports').set(counts).where('id', '=', id));
}

export function deletePackImport(conn: AnyDb, id: number): void {
  const db = asSql(conn);
  db.run(db.q.deleteFrom('pack_imports').where('id', '=', id));
}
