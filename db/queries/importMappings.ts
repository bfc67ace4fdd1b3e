import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { StoredRow } from '../sql/storedRow';

/** A saved import mapping as stored (0110). */
export type ImportMappingRecord = StoredRow<'import_mappings'>;

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

export function listImportMappings(conn: AnyDb): ImportMappingRecord[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('import_mappings').selectAll().orderBy('name'));
}

export function importMappingByName(conn: AnyDb, name: string): ImportMappingRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('import_mappings').selectAll().where('name', '=', name));
}

/** Saves a mapping under its name, replacing one saved before under the same name; says which. */
export function saveImportMapping(conn: AnyDb, row: { name: string; kind: string; mappingJson: string; savedBy: string | null }): 'created' | 'replaced' {
  const db = asSql(conn);
  const now = new Date().toISOString();
  const existing = importMappingByName(db, row.name);
  if (existing) {
    db.run(db.q.updateTable('import_mappings').set({ kind: row.kind, mapping_json: row.mappingJson, saved_by: row.savedBy, updated_at: now }).where('id', '=', existing.id));
    return 'replaced';
  }
  db.run(db.q.insertInto('import_mappings').values({ name: row.name, kind: row.kind, mapping_json: row.mappingJson, saved_by: row.savedBy, created_at: now, updated_at: now }));
  return 'created';
}
