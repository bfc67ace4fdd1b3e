import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/workspace';
import { FIXTURES } from '../../testing/fixtures';
import { tempSession } from '../../testing/tempWorkspace';
import { variedConversationLines } from '../../testing/variedConversations';
import { withCaller } from '../context';
import { importFiles } from './importFiles';

/**
 * The bytes an import stores, pinned: a re-import is recognised by the hash of the stored
 * payload, so work that makes the import faster must not change one byte of any stored column
 * (payload, raw text, content hash, metadata, metrics, counts, findings). The digests below
 * were taken before the import was tuned; a change that is meant to change what is stored
 * changes them on purpose, and says so in its commit.
 */
const VARIED_DIGEST = '4d5580c777b659c2d8508e767120aaee5316513239ba49176fd8c4804a0aead7';
const FIXTURES_DIGEST = '77c5b4ea9775116e24aa307934551840af8979f8bc45d896f711d2403f411131';

let sessions: ReturnType<typeof tempSession>[] = [];
afterEach(() => {
  delete process.env.ACCORD_IMPORT_WORKER;
  sessions.forEach((s) => s.dispose());
  sessions = [];
});

/** SHA-256 over every stored column of every item and finding, datasets by name, rows in import order. */
function storedDigest(db: Db): string {
  const digest = createHash('sha256');
  const datasets = db.prepare('SELECT id, name, kind FROM datasets ORDER BY name').all() as { id: number; name: string; kind: string }[];
  const items = db.prepare(
    `SELECT id, external_id, kind, payload, raw_text, content_hash, metadata, metrics, source_line, error_count, warning_count, info_count
       FROM items WHERE dataset_id = ? ORDER BY id`,
  );
  const findings = db.prepare('SELECT validator, severity, location, message FROM findings WHERE item_id = ? ORDER BY id');
  for (const dataset of datasets) {
    digest.update(JSON.stringify([dataset.name, dataset.kind]));
    for (const { id, ...row } of items.all(dataset.id) as { id: number }[]) {
      digest.update(JSON.stringify(Object.values(row)));
      for (const finding of findings.all(id)) digest.update(JSON.stringify(Object.values(finding as object)));
    }
  }
  return digest.digest('hex');
}

/** Every example file under fixtures/ (the READMEs aside), each into a dataset named after its path. */
function fixtureFiles(dir = FIXTURES): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? fixtureFiles(path.join(dir, entry.name)) : entry.name.endsWith('.md') ? [] : [path.join(dir, entry.name)]))
    .sort();
}

describe('what an import stores', () => {
  it('is byte for byte what it was for varied conversations, parsed here or in the worker', async () => {
    const lines = variedConversationLines(600);
    for (const worker of ['0', '1']) {
      process.env.ACCORD_IMPORT_WORKER = worker;
      const ws = tempSession();
      sessions.push(ws);
      const file = ws.file('varied.jsonl', `${lines.join('\n')}\n`);
      const report = await importFiles(ws.ctx, [{ path: file, displayName: 'varied.jsonl' }]);
      expect(report.files[0]).toMatchObject({ status: 'imported', imported: 600, skipped: 0 });
      expect(storedDigest(ws.db), `worker=${worker}`).toBe(VARIED_DIGEST);
    }
  });

  it('is byte for byte what it was for every example file', async () => {
    const ws = tempSession();
    sessions.push(ws);
    const files = fixtureFiles();
    for (const file of files) {
      const dataset = path.relative(FIXTURES, file).replace(/[/\\.]/g, '_');
      // As a lead: a release carrying its raters' labels is refused to anyone below adjudicator.
      await importFiles(withCaller(ws.ctx, { name: null, annotatorId: null, role: 'lead' }), [{ path: file, displayName: path.basename(file) }], { dataset, skipInvalid: true });
    }
    expect(files.length).toBeGreaterThan(30);
    expect(storedDigest(ws.db)).toBe(FIXTURES_DIGEST);
  });
});
