import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import BoundDatabase, { useNativeBinding } from './boundDatabase';

// Under Node the only addon at hand is Node's build, so these tests point the shim at a copy
// of it: what they show is that the shim loads the file it is told to, not its ABI.
const nodeAddon = path.join(path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');

afterEach(() => useNativeBinding(undefined));

describe('BoundDatabase', () => {
  it('opens with better-sqlite3’s own lookup when no addon is set, and is a Database', () => {
    const db = new BoundDatabase(':memory:');
    expect(db).toBeInstanceOf(Database);
    expect(db.prepare('SELECT 1 + 1').pluck().get()).toBe(2);
    db.close();
  });

  it('loads the addon it is told to', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-addon-'));
    try {
      const copy = path.join(dir, 'better_sqlite3.node');
      fs.copyFileSync(nodeAddon, copy);
      useNativeBinding(copy);
      const db = new BoundDatabase(path.join(dir, 'w.db'));
      expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
      db.close();
      // Node's module cache now holds the copy: that is the addon that was loaded.
      expect(Object.keys(createRequire(import.meta.url).cache)).toContain(copy);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails loudly when the addon is missing, instead of falling back to another build', () => {
    useNativeBinding('/nonexistent/better_sqlite3.node');
    expect(() => new BoundDatabase(':memory:')).toThrow(/better_sqlite3\.node/);
  });

  it('lets an explicit nativeBinding option win', () => {
    useNativeBinding('/nonexistent/better_sqlite3.node');
    const db = new BoundDatabase(':memory:', { nativeBinding: nodeAddon });
    expect(db.open).toBe(true);
    db.close();
  });
});
