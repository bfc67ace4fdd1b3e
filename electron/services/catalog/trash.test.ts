import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { dumpWorkspace } from '../../testing/tempWorkspace';
import { createServiceContext } from '../context';
import { importFiles } from '../import/importFiles';
import { FORMATS } from '../../testing/fixtures';

// Nothing lost silently: a dataset with labels on it, deleted, says what goes, hides everything
// and keeps it; restoring brings every label back; purging needs the name typed and a backup.
let ws: AnnotationWorkspace;
let plansId: number;

beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  for (const [who, value] of [['ana', 'Good'], ['ben', 'Bad']] as const) {
    await ws.api('labels.save', { task: 'quality', itemId: ws.itemId('q-001'), question: 'overall_quality', value }, who);
    await ws.api('labels.save', { task: 'quality', itemId: ws.itemId('q-001'), question: 'overall_quality', value: 'Acceptable' }, who);
    await ws.api('labels.submit', { task: 'quality', itemId: ws.itemId('q-001') }, who);
  }
  await ws.api('adjudication.setGold', { task: 'quality', itemId: ws.itemId('q-001'), question: 'overall_quality', value: 'Acceptable' }, 'ada');
  plansId = (await ws.api('datasets.list', {}))[0].id;
});
afterEach(() => ws.dispose());

describe('deleting a dataset', () => {
  it('moves it to the trash: hidden from lists, tasks and agreement, every row kept, and restore brings every label back', async () => {
    const before = dumpWorkspace(ws.db);
    const { trashed, impact } = await ws.api('datasets.delete', { id: plansId });
    expect(trashed).toBe(true);
    expect(impact.labelEvents).toBe(4);
    expect(await ws.api('datasets.list', {})).toEqual([]);
    expect((await ws.api('items.list', { limit: 50 })).rows).toEqual([]);
    expect((await ws.api('datasets.trash', {}))[0]).toMatchObject({ name: 'plans', trashedBy: null, impact: { items: 3 } });
    // Importing the file again does not quietly make a second, label-less copy: it says where the labels are.
    const again = await importFiles(ws.ctx, [{ path: path.join(FORMATS, 'plans.jsonl'), displayName: 'plans.jsonl' }]);
    expect(again.files[0]).toMatchObject({ status: 'rejected', errors: [{ message: expect.stringMatching(/"plans" is in the trash with its labels; restore it/) }] });

    expect(await ws.api('datasets.restore', { id: plansId })).toEqual({ restored: true });
    expect(dumpWorkspace(ws.db)).toEqual(before);
    const labels = await ws.api('labels.list', { task: 'quality', itemId: ws.itemId('q-001') }, 'ana');
    expect(labels.own.map((l) => l.value)).toEqual(['Acceptable']);
  });

  it('records who deleted it', async () => {
    await ws.api('annotators.upsert', { name: 'lea', role: 'lead' });
    await ws.api('datasets.delete', { id: plansId }, 'lea');
    expect((await ws.api('datasets.trash', {}))[0].trashedBy).toBe('lea');
  });

  it('purges only from the trash, with the name typed, after a backup that still holds every label', async () => {
    const backupsRoot = path.join(ws.dir, 'backups');
    const ctx = createServiceContext({ db: ws.db, workspacePath: ws.ctx.workspacePath, backupsRoot });
    const api = async (method: 'datasets.purge', args: { id: number; confirm: string }) => {
      const { dispatch } = await import('../dispatch');
      return dispatch(ctx, method, args, { owner: true });
    };
    expect(await api('datasets.purge', { id: plansId, confirm: 'plans' })).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/not in the trash/) } });
    await ws.api('datasets.delete', { id: plansId });
    expect(await api('datasets.purge', { id: plansId, confirm: 'Plans' })).toMatchObject({ ok: false, error: { code: 'invalid-input', message: 'to delete dataset "plans" for good, type its name exactly (got "Plans")' } });
    const purged = await api('datasets.purge', { id: plansId, confirm: 'plans' });
    expect(purged).toMatchObject({ ok: true, value: { purged: true, impact: { labelEvents: 4 } } });
    const backup = (purged as { value: { backup: string } }).value.backup;
    expect(path.basename(backup)).toMatch(/^\d{8}T\d{6}Z-before-purge-dataset-plans\.accord$/);
    expect(await ws.api('datasets.trash', {})).toEqual([]);
    expect(ws.db.prepare('SELECT count(*) FROM label_events').pluck().get()).toBe(0);
    // The backup is a workspace of its own with every label of the purged dataset.
    const Database = (await import('better-sqlite3')).default;
    const copy = new Database(backup, { readonly: true });
    expect(copy.prepare('SELECT count(*) FROM label_events').pluck().get()).toBe(4);
    copy.close();
    expect(fs.existsSync(backup)).toBe(true);
  });
});
