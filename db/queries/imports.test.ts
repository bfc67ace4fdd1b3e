import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspace, openWritePath } from '../workspace';
import { writeNow } from '../writePath';
import { itemWriter } from './catalog';
import { beginImport, hideDatasetForDeletion, thisProcess } from './imports';

// What a process that died mid-import (or mid-deletion) leaves is cleaned up when the workspace
// is next opened; an import whose owner is alive is left alone.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-imports-'));
  dirs.push(dir);
  return path.join(dir, 'w.accord');
}

/** A pid no process has: that of a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

const item = (datasetId: number, importId: number, externalId: string) => ({
  datasetId,
  externalId,
  kind: 'plan',
  payload: '{}',
  rawText: null,
  contentHash: externalId,
  metadata: '{}',
  metrics: null,
  importId,
  sourceLine: 1,
  counts: { error: 1, warning: 0, info: 0 },
});
const finding = { validator: 'v', severity: 'error', location: null, message: 'm' };

/** Leaves an import under way in `file`, as a process killed after some chunks would, owned by `owner`. */
function halfImport(file: string, datasetName: string, owner: string, existingDataset = false): void {
  if (!fs.existsSync(file)) openWorkspace(file).close(); // a raw connection below: opening would clean up
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  writeNow(db, () => {
    const begun = beginImport(db, { datasetName, kind: 'plan', fileName: 'f.jsonl', contentHash: `h-${datasetName}-${existingDataset}`, format: 'plans-jsonl' });
    if (begun.status !== 'begun') throw new Error(begun.status);
    const writer = itemWriter(db);
    for (let i = 0; i < 3; i++) {
      const row = item(begun.datasetId, begun.importId, `${datasetName}-${existingDataset ? 'new' : ''}${i}`);
      if (begun.direct) writer.insert(row, [finding]);
      else writer.stage(row, [finding]);
    }
    db.prepare('UPDATE imports SET owner = ? WHERE id = ?').run(owner, begun.importId);
  });
  db.close();
}

function counts(file: string) {
  const db = openWorkspace(file, { readonly: true });
  try {
    const n = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      datasets: n('SELECT count(*) FROM datasets'),
      imports: n('SELECT count(*) FROM imports'),
      items: n('SELECT count(*) FROM items'),
      findings: n('SELECT count(*) FROM findings'),
      staged: n('SELECT count(*) FROM import_staging'),
    };
  } finally {
    db.close();
  }
}

describe('opening a workspace after a crash', () => {
  it('discards imports whose process died: new datasets, and records staged for existing ones', () => {
    const file = tempFile();
    const dead = `${os.hostname()} ${deadPid()}`;
    halfImport(file, 'kept', thisProcess());
    const db = openWorkspace(file);
    writeNow(db, () => {
      db.prepare("UPDATE imports SET state = 'done', owner = NULL").run();
      db.prepare("UPDATE datasets SET state = 'ready'").run();
    });
    db.close();
    const before = counts(file);
    halfImport(file, 'kept', dead, true);
    halfImport(file, 'lost', dead);
    expect(counts(file)).toEqual({ ...before, datasets: 2, imports: 3, items: 6, findings: 6, staged: 3 });

    openWritePath(file).close();
    expect(counts(file)).toEqual(before);
  });

  it('leaves alone an import whose process is alive, and one of another host until its lease runs out', () => {
    const file = tempFile();
    halfImport(file, 'mine', thisProcess());
    halfImport(file, 'elsewhere', 'another-host 1');
    openWorkspace(file).close();
    expect(counts(file)).toMatchObject({ datasets: 2, items: 6 });
    const db = openWorkspace(file);
    writeNow(db, () => db.prepare("UPDATE imports SET heartbeat_at = '2000-01-01T00:00:00.000Z' WHERE owner = 'another-host 1'").run());
    db.close();
    openWorkspace(file).close();
    expect(counts(file)).toMatchObject({ datasets: 1, items: 3 });
  });

  it('finishes deleting a dataset a deletion had hidden', () => {
    const file = tempFile();
    halfImport(file, 'gone', `${os.hostname()} ${deadPid()}`);
    const db = openWorkspace(file, { readonly: true });
    expect(counts(file).items).toBe(3);
    db.close();
    const raw = openWorkspace(file);
    writeNow(raw, () => {
      raw.prepare("UPDATE imports SET state = 'done', owner = NULL").run();
      raw.prepare("UPDATE datasets SET state = 'ready'").run();
      hideDatasetForDeletion(raw, 1);
    });
    raw.close();
    openWorkspace(file).close();
    expect(counts(file)).toEqual({ datasets: 0, imports: 0, items: 0, findings: 0, staged: 0 });
  });
});
