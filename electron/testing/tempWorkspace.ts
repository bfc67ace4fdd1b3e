import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/workspace';
import { openSession, type Session } from '../services/session';

/** A session on a fresh workspace in its own temporary folder; `dispose` removes both. */
export function tempSession(): Session & { dir: string; file(name: string, content: string | Buffer): string; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-test-'));
  const session = openSession({ workspacePath: path.join(dir, 'test.accord') });
  return {
    ...session,
    dir,
    file(name, content) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    },
    dispose() {
      session.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Every row of every table, for "the workspace is exactly as it was" assertions (a logical
 * comparison: WAL mode makes the file bytes a poor witness).
 */
export function dumpWorkspace(db: Db): Record<string, unknown[]> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  // Sorted in JS: some tables are WITHOUT ROWID, and row order is not what is compared.
  const rowsOf = (name: string) => db.prepare(`SELECT * FROM "${name}"`).all().map((row) => JSON.stringify(row)).sort();
  return Object.fromEntries(tables.map(({ name }) => [name, rowsOf(name)]));
}
