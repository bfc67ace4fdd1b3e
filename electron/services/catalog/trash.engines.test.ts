import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markTrashedForDeletion } from '../../../db/queries/trash';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { disagreeOnQ001 } from '../../testing/disagreement';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import { finishInterruptedPurges } from '../trash/interruptedPurges';

// A dataset's trash on the query layer (issue 16): the same impact, hiding, restore and purge
// (the name typed, the rows deleted in chunks) on a workspace file and on PostgreSQL.

const engines = useEngines({ beforeAll, afterAll, afterEach });

/** Datasets "plans" (with task "quality": ana and ben disagree on q-001, ada set gold) and "conversations-chat". */
async function openLabelled(engine: TestEngine) {
  const ws = await engines.open(engine, ['plans.jsonl', 'conversations-chat.jsonl'], createQualityTask);
  await disagreeOnQ001(ws);
  const ids = new Map((await ws.api('datasets.list', {})).map((d) => [d.name, d.id]));
  return { ws, plans: ids.get('plans')!, chats: ids.get('conversations-chat')! };
}
/** One function for every open, so the workspace is built once per file and copied for each test. */
async function createQualityTask(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
}

/** Rows left in the tables a dataset's purge empties. */
function rows(ws: EngineWorkspace) {
  const db = ws.ctx.sql;
  const count = (table: 'datasets' | 'items' | 'labels' | 'label_events' | 'submissions' | 'gold' | 'task_items') =>
    db.one(db.q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')))!.n;
  return { datasets: count('datasets'), items: count('items'), labels: count('labels'), labelEvents: count('label_events'), submissions: count('submissions'), gold: count('gold'), taskItems: count('task_items') };
}

describe.each(ENGINES)('a dataset’s trash on %s', (engine) => {
  it('says what goes, hides the dataset, restores it whole, and purges it only from the trash with its name typed', async () => {
    const { ws, plans, chats } = await openLabelled(engine);
    // Says exactly what goes: items, tasks, labels by rater, their history, submissions, gold.
    const impact = await ws.api('datasets.impact', { id: plans });
    expect(impact).toEqual({
      dataset: 'plans',
      items: 3,
      findings: expect.any(Number),
      tasks: [{ task: 'quality', items: 3 }],
      labels: [
        { rater: 'ana', kind: 'human', labels: 1 },
        { rater: 'ben', kind: 'human', labels: 1 },
      ],
      labelEvents: 4,
      submissions: 2,
      gold: [{ source: 'adjudicated', count: 1 }],
      judgeCalls: 0,
    });
    // A dataset nobody worked on: empty lists, zero counts.
    expect(await ws.api('datasets.impact', { id: chats })).toMatchObject({ dataset: 'conversations-chat', tasks: [], labels: [], labelEvents: 0, submissions: 0, gold: [], judgeCalls: 0 });
    expect(await ws.api('datasets.trash', {})).toEqual([]);

    // An annotator may not; an unknown dataset is unknown; one not in the trash is neither restored nor purged.
    await expect(ws.api('datasets.delete', { id: plans }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ws.api('datasets.delete', { id: 999 })).rejects.toMatchObject({ code: 'not-found', message: 'no dataset with id 999' });
    await expect(ws.api('datasets.restore', { id: plans })).rejects.toMatchObject({ code: 'not-found', message: 'dataset "plans" is not in the trash' });
    await expect(ws.api('datasets.purge', { id: plans, confirm: 'plans' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/is not in the trash/) });

    const kept = rows(ws);
    expect(await ws.api('datasets.delete', { id: plans })).toEqual({ trashed: true, impact });
    // Deleting it again changes nothing and says so.
    expect(await ws.api('datasets.delete', { id: plans })).toEqual({ trashed: false, impact });
    expect((await ws.api('datasets.list', {})).map((d) => d.name)).toEqual(['conversations-chat']);
    expect((await ws.api('items.list', { limit: 50 })).rows.map((r) => r.externalId).filter((id) => id.startsWith('q-'))).toEqual([]);
    expect(rows(ws)).toEqual(kept);

    // The newest deletion first.
    expect(await ws.api('datasets.delete', { id: chats }, 'ada').catch((e: { code: string }) => e.code)).toBe('forbidden');
    await ws.api('annotators.upsert', { name: 'lea', role: 'lead' });
    await ws.api('datasets.delete', { id: chats }, 'lea');
    const trash = await ws.api('datasets.trash', {});
    expect(trash.map((t) => [t.name, t.trashedBy, t.impact.items])).toEqual([
      ['conversations-chat', 'lea', expect.any(Number)],
      ['plans', null, 3],
    ]);
    expect(trash[1].trashedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(await ws.api('datasets.restore', { id: plans })).toEqual({ restored: true });
    expect(await ws.api('datasets.restore', { id: chats })).toEqual({ restored: true });
    expect(rows(ws)).toEqual(kept);
    const labels = await ws.api('labels.list', { task: 'quality', itemId: ws.itemId('q-001') }, 'ana');
    expect(labels.own.map((l) => l.value)).toEqual(['Good']);

    await ws.api('datasets.delete', { id: plans });
    await expect(ws.api('datasets.purge', { id: plans, confirm: 'Plans' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'to delete dataset "plans" for good, type its name exactly (got "Plans")',
    });
    expect(rows(ws)).toEqual(kept);
    expect(await ws.api('datasets.purge', { id: plans, confirm: 'plans' })).toEqual({ purged: true, backup: null, impact });
    expect(await ws.api('datasets.trash', {})).toEqual([]);
    expect(rows(ws)).toEqual({ datasets: 1, items: kept.items - 3, labels: 0, labelEvents: 0, submissions: 0, gold: 0, taskItems: 0 });
    // Gone: neither listed, nor in the trash, nor restorable.
    await expect(ws.api('datasets.restore', { id: plans })).rejects.toMatchObject({ code: 'not-found' });
    expect((await ws.api('datasets.list', {})).map((d) => d.name)).toEqual(['conversations-chat']);
  });

  it('finishes a purge a process left half done', async () => {
    const { ws, plans } = await openLabelled(engine);
    await ws.api('datasets.delete', { id: plans });
    // The purge hid it (state `deleting`) and its process died before the first chunk.
    expect(await ws.ctx.sqlWrite((db) => markTrashedForDeletion(db, plans), { label: 'test: purge begun' })).toBe(true);
    expect(await ws.api('datasets.trash', {})).toEqual([]);
    expect(await finishInterruptedPurges(ws.ctx)).toBe(1);
    expect(rows(ws)).toMatchObject({ datasets: 1, labels: 0, labelEvents: 0, gold: 0, taskItems: 0 });
    expect(await finishInterruptedPurges(ws.ctx)).toBe(0);
  });
});
