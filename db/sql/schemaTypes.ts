import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';

/** Where the generated table types live (committed; schemaTypes.test.ts fails when they are stale). */
export const SCHEMA_TYPES_FILE = 'db/sql/schema.ts';

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

const TS_TYPE: Record<string, string> = { INTEGER: 'number', TEXT: 'string', REAL: 'number', BLOB: 'Uint8Array', NUMERIC: 'number' };

/**
 * The TypeScript types of every table, written from the schema the migrations build (SQLite's;
 * PostgreSQL's twins have the same columns, which db/pgMigrations.test.ts checks). A column the
 * database fills when an insert leaves it out (a default, an integer primary key) is
 * `Generated<…>`, so Kysely lets inserts omit it.
 */
export function schemaTypesSource(): string {
  const db = new Database(':memory:');
  try {
    for (const migration of loadMigrations()) db.exec(migration.sql);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    const lines = [
      '// Written by `npm run schema:types` from the migrations (db/sql/schemaTypes.ts); do not edit.',
      "import type { Generated } from 'kysely';",
      '',
    ];
    const entries: string[] = [];
    for (const table of tables) {
      const name = typeName(table);
      entries.push(`  ${table}: ${name};`);
      lines.push(`export interface ${name} {`);
      const columns = db.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all() as Column[];
      // Only a table's one INTEGER PRIMARY KEY is filled in by the database (the rowid).
      const rowidKey = columns.filter((c) => c.pk > 0).length === 1 ? columns.find((c) => c.pk === 1 && c.type.toUpperCase() === 'INTEGER') : undefined;
      for (const column of columns) {
        const base = TS_TYPE[column.type.toUpperCase()];
        if (!base) throw new Error(`${table}.${column.name}: no TypeScript type for the SQL type ${column.type}`);
        const nullable = column.notnull === 0 && column.pk === 0;
        const type = nullable ? `${base} | null` : base;
        const generated = column.dflt_value !== null || column === rowidKey;
        lines.push(`  ${column.name}: ${generated ? `Generated<${type}>` : type};`);
      }
      lines.push('}', '');
    }
    lines.push('/** Every table of a workspace, for Kysely. */', 'export interface Schema {', ...entries, '}', '');
    return lines.join('\n');
  } finally {
    db.close();
  }
}

function typeName(table: string): string {
  return (
    table
      .split('_')
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join('') + 'Table'
  );
}
