import type { Db } from '../workspace';

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
export function insertPackImport(db: Db, pack: PackImportWrite): number {
  return Number(
    db
      .prepare(
        `INSERT INTO pack_imports (task_id, annotator, file_name, content_hash, origin, exported_at, applied, kept, refused, imported_at)
         VALUES (@taskId, @annotator, @fileName, @contentHash, @origin, @exportedAt, 0, 0, 0, @at)`,
      )
      .run({ ...pack, at: new Date().toISOString() }).lastInsertRowid,
  );
}

export function finishPackImport(db: Db, id: number, counts: { applied: number; kept: number; refused: number }): void {
  db.prepare('UPDATE pack_imports SET applied = @applied, kept = @kept, refused = @refused WHERE id = @id').run({ ...counts, id });
}

export function deletePackImport(db: Db, id: number): void {
  db.prepare('DELETE FROM pack_imports WHERE id = ?').run(id);
}
