import type { Db } from '../workspace';

/** A saved import mapping as stored (0110). */
export interface ImportMappingRecord {
  id: number;
  name: string;
  kind: string;
  mapping_json: string;
  saved_by: string | null;
  created_at: string;
  updated_at: string;
}

export function listImportMappings(db: Db): ImportMappingRecord[] {
  return db.prepare('SELECT * FROM import_mappings ORDER BY name').all() as ImportMappingRecord[];
}

export function importMappingByName(db: Db, name: string): ImportMappingRecord | undefined {
  return db.prepare('SELECT * FROM import_mappings WHERE name = ?').get(name) as ImportMappingRecord | undefined;
}

/** Saves a mapping under its name, replacing one saved before under the same name; says which. */
export function saveImportMapping(db: Db, row: { name: string; kind: string; mappingJson: string; savedBy: string | null }): 'created' | 'replaced' {
  const now = new Date().toISOString();
  const existing = importMappingByName(db, row.name);
  if (existing) {
    db.prepare('UPDATE import_mappings SET kind = ?, mapping_json = ?, saved_by = ?, updated_at = ? WHERE id = ?').run(row.kind, row.mappingJson, row.savedBy, now, existing.id);
    return 'replaced';
  }
  db.prepare('INSERT INTO import_mappings (name, kind, mapping_json, saved_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(row.name, row.kind, row.mappingJson, row.savedBy, now, now);
  return 'created';
}
