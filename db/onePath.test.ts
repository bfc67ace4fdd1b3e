import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md §1: every write goes through the one write path (db/writePath.ts), which alone
// opens transactions. A transaction written out by hand anywhere else — `BEGIN …` in SQL,
// better-sqlite3's `.transaction(` — fails here. (At run time, a write outside the path fails too:
// the connections are query_only outside it.) Tests may set up their data as they like.
const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['db', 'electron', 'renderer', 'build', 'e2e'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /\.(test|spec)\.[a-z]+$/;
/** Files allowed to open transactions, and why. */
const ALLOWED: Record<string, string> = {
  'db/writePath.ts': 'the one write path',
  'db/sql/pgWritePath.ts': 'the one write path on PostgreSQL (its SERIALIZABLE transactions and their retries)',
  'build/bench/importWorker.ts': 'the bench baseline: the bare insert loop Accord is measured against',
  'db/pgMigrations.ts': "PostgreSQL's migrations: the pending ones in one transaction, as migrate() runs SQLite's through the write path",
  'db/copy/sqliteEnd.ts': "workspace copy: the source's read snapshot, and a new file nobody has open until it is moved into place",
  'db/copy/postgresEnd.ts': "workspace copy: the source's read snapshot, and the PostgreSQL target's one transaction (schema and rows)",
};
const FORBIDDEN: [RegExp, string][] = [
  [/\bBEGIN\b/, 'a BEGIN statement'],
  [/\.transaction\s*\(/, 'better-sqlite3 transaction()'],
  [/\bwriteLock\b/i, 'the old write lock'],
];

function sources(folder: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.startsWith('.')) out.push(...sources(full));
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

/** Code without comments (a comment may well mention BEGIN), lines kept where they were. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('the one write path', () => {
  it('is the only place that opens a transaction', () => {
    const offences: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sources(path.join(ROOT, folder))) {
        const relative = path.relative(ROOT, file).split(path.sep).join('/');
        if (relative in ALLOWED) continue;
        code(fs.readFileSync(file, 'utf8'))
          .split('\n')
          .forEach((line, index) => {
            for (const [pattern, what] of FORBIDDEN) if (pattern.test(line)) offences.push(`${relative}:${index + 1}: ${what}: ${line.trim()}`);
          });
      }
    }
    expect(offences, 'write through ctx.sqlWrite (the one write path) instead').toEqual([]);
  });

  it('would catch one', () => {
    const sample = "db.exec('BEGIN IMMEDIATE'); // BEGIN in a comment is fine\nctx.db.transaction(() => 1)();";
    const lines = code(sample).split('\n');
    expect(lines.map((line) => FORBIDDEN.filter(([p]) => p.test(line)).map(([, what]) => what))).toEqual([['a BEGIN statement'], ['better-sqlite3 transaction()']]);
    expect(code('/* BEGIN */ x // BEGIN')).not.toMatch(/BEGIN/);
  });
});
