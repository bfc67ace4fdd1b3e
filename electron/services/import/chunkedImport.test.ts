import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqlWrite } from '../../../db/sql/pgWritePath';
import { FORMATS } from '../../testing/fixtures';
import { dumpWorkspace, tempSession } from '../../testing/tempWorkspace';
import { getItemDetail, listDatasets, listItemPage, workspaceInfo } from '../catalog/catalog';
import { moveToTrash, purgeFromTrash } from '../catalog/trash';
import type { ServiceContext } from '../context';
import { importFiles } from './importFiles';

// An import commits in chunks (db/writePath.ts); what it has committed stays invisible until
// its last write publishes it, and a cancel between chunks leaves nothing behind.
let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
});
afterEach(() => ws.dispose());

const line = (id: string, prompt: string) => JSON.stringify({ query_id: id, query: 'Q', plan: { 1: { query: `T2S([], '${prompt}')`, depends_on: [] } } });
const page = () => listItemPage(ws.ctx, { offset: 0, limit: 100, sort: 'externalId', descending: false });
const visible = () => ({
  datasets: listDatasets(ws.ctx).map((d) => [d.name, d.itemCount, d.files.length]),
  items: page().rows.map((r) => r.externalId),
  info: (({ datasets, items }) => ({ datasets, items }))(workspaceInfo(ws.ctx)),
});
const rawItems = () => ws.db.prepare('SELECT count(*) FROM items').pluck().get() as number;
const payloadOf = (externalId: string) => ws.db.prepare('SELECT payload FROM items WHERE external_id = ?').pluck().get(externalId) as string;

/** The context with a hook run after each write of the given label has committed. */
function afterWrites(label: string, hook: () => void): ServiceContext {
  const sqlWrite: SqlWrite = async (fn, options) => {
    const result = await ws.ctx.sqlWrite(fn, options);
    if (options?.label === label) hook();
    return result;
  };
  return { ...ws.ctx, sqlWrite };
}

async function importInto(ctx: ServiceContext, text: string, options: { dataset?: string; jobId?: string } = {}) {
  const file = ws.file('p.jsonl', text);
  return (await importFiles(ctx, [{ path: file, displayName: 'p.jsonl' }], { dataset: 'p', ...options })).files[0];
}

describe('an import committed in chunks', () => {
  it('shows a new dataset to no reader until its last write', async () => {
    await importFiles(ws.ctx, [{ path: path.join(FORMATS, 'plans.jsonl'), displayName: 'plans.jsonl' }]);
    const before = visible();
    const seen: { visible: ReturnType<typeof visible>; raw: number; detail: string }[] = [];
    const ctx = afterWrites('import chunk', () => {
      const id = ws.db.prepare("SELECT id FROM items WHERE external_id = 'new-1'").pluck().get() as number;
      let detail = 'shown';
      try {
        getItemDetail(ws.ctx, id);
      } catch (error) {
        detail = (error as Error).name;
      }
      seen.push({ visible: visible(), raw: rawItems(), detail });
    });
    const report = await importInto(ctx, `${line('new-1', 'x')}\n${line('new-2', 'y')}\n`);
    expect(report).toMatchObject({ status: 'imported', imported: 2 });
    // Committed (the rows are in the file) yet listed, counted and opened by nobody.
    expect(seen).toEqual([{ visible: before, raw: before.info.items + 2, detail: 'NotFoundError' }]);
    expect(visible().datasets).toContainEqual(['p', 2, 1]);
    expect(visible().info).toEqual({ datasets: 2, items: before.info.items + 2 });
  });

  it('applies a re-import to an existing dataset only at its last write', async () => {
    await importInto(ws.ctx, `${line('a', 'x')}\n${line('b', 'y')}\n`);
    const before = { visible: visible(), b: payloadOf('b') };
    const seen: unknown[] = [];
    const ctx = afterWrites('import chunk', () => seen.push({ visible: visible(), b: payloadOf('b') }));
    const report = await importInto(ctx, `${line('a', 'x')}\n${line('b', 'changed')}\n${line('c', 'new')}\n`);
    expect(report).toMatchObject({ status: 'imported', imported: 3 });
    expect(seen).toEqual([before]);
    expect(visible().items).toEqual(['a', 'b', 'c', ...before.visible.items.filter((i) => !['a', 'b'].includes(i))].sort());
    expect(payloadOf('b')).toContain('changed');
    // The changed item kept its id (labels hang on it); its findings were replaced, not doubled.
    const findings = ws.db.prepare("SELECT count(*) FROM findings f JOIN items i ON i.id = f.item_id WHERE i.external_id = 'b'").pluck().get();
    const fresh = ws.db.prepare("SELECT count(*) FROM findings f JOIN items i ON i.id = f.item_id WHERE i.external_id = 'c'").pluck().get();
    expect(findings).toBe(fresh);
    expect(ws.db.prepare('SELECT count(*) FROM import_staging').pluck().get()).toBe(0);
  });

  it('leaves the workspace exactly as it was when cancelled after a chunk committed', async () => {
    await importInto(ws.ctx, `${line('a', 'x')}\n${line('b', 'y')}\n`);
    const before = dumpWorkspace(ws.db);
    for (const [dataset, text] of [
      ['p', `${line('a', 'x')}\n${line('b', 'changed')}\n${line('c', 'new')}\n`],
      ['fresh', `${line('z', 'x')}\n`],
    ]) {
      let committed = 0;
      const ctx = afterWrites('import chunk', () => {
        committed = rawItems() + (ws.db.prepare('SELECT count(*) FROM import_staging').pluck().get() as number);
        ws.ctx.jobs.cancel(`cancel-${dataset}`);
      });
      const report = await importInto(ctx, text, { dataset, jobId: `cancel-${dataset}` });
      expect(report).toMatchObject({ status: 'rejected', errors: [{ message: 'cancelled' }] });
      expect(committed).toBeGreaterThan(2);
      expect(dumpWorkspace(ws.db)).toEqual(before);
    }
  });

  it('runs a second import into the dataset after the one writing it, not beside it', async () => {
    let second: unknown = null;
    const ctx = afterWrites('import chunk', () => {
      second = importInto(ws.ctx, `${line('y', 'x')}\n`, { dataset: 'p' });
    });
    await importInto(ctx, `${line('x', 'x')}\n`);
    // Imports of one process take turns: the second runs after the first and finds it done.
    expect(await second).toMatchObject({ status: 'imported', imported: 1 });
  });
});

describe('deleting a dataset', () => {
  it('hides it at once in the trash, and a purge deletes it in chunks', async () => {
    await importInto(ws.ctx, `${line('a', 'x')}\n${line('b', 'y')}\n`);
    const [dataset] = listDatasets(ws.ctx);
    expect(await moveToTrash(ws.ctx, dataset.id)).toMatchObject({ trashed: true, impact: { items: 2 } });
    expect(visible().datasets).toHaveLength(0);
    const seen: unknown[] = [];
    const ctx = afterWrites('purge dataset', () => seen.push(visible().datasets.length));
    expect(await purgeFromTrash(ctx, dataset.id, 'p')).toMatchObject({ purged: true });
    expect(seen.every((n) => n === 0)).toBe(true);
    expect(rawItems()).toBe(0);
    expect(ws.db.prepare('SELECT count(*) FROM datasets').pluck().get()).toBe(0);
    await expect(moveToTrash(ws.ctx, dataset.id)).rejects.toThrow(/no dataset/);
  });
});
