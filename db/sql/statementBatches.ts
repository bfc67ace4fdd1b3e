/**
 * `rows` in groups of at most `size`, each small enough for one statement's parameters on either
 * engine (SQLite takes 32,766, PostgreSQL 65,535: 500 rows of up to 60 columns).
 */
export function statementBatches<T>(rows: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += size) out.push(rows.slice(at, at + size));
  return out;
}
