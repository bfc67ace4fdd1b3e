import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { dumpWorkspace } from '../../testing/tempWorkspace';
import { createServiceContext } from '../context';
import { dispatch } from '../dispatch';

// Tasks under rule 1 of issue 13: archived (hidden from annotators, read-only, restorable),
// deleted to the trash saying exactly what goes (labels by whom, gold, adjudications, judge
// runs), restored whole, and purged only with the name typed, after a backup.
let ws: AnnotationWorkspace;

beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  for (const [who, value] of [['ana', 'Good'], ['ben', 'Bad']] as const) {
    await ws.api('labels.save', { task: 'quality', itemId: ws.itemId('q-001'), question: 'overall_quality', value: 'Acceptable' }, who);
    await ws.api('labels.save', { task: 'quality', itemId: ws.itemId('q-001'), question: 'overall_quality', value }, who);
    await ws.api('labels.submit', { task: 'quality', itemId: ws.itemId('q-001') }, who);
  }
  await ws.api('adjudication.setGold', { task: 'quality', itemId: ws.itemId('q-001'), question: 'overall_quality', value: 'Good' }, 'ada');
});
afterEach(() => ws.dispose());

const save = (who: string) => ws.api('labels.save', { task: 'quality', itemId: ws.itemId('q-002'), question: 'overall_quality', value: 'Good' }, who);

describe('archiving a task', () => {
  it('hides it from its annotators, makes it read-only, and unarchiving brings it back', async () => {
    expect(await ws.api('tasks.archive', { task: 'quality' })).toEqual({ archived: true });
    expect(await ws.api('tasks.list', {}, 'ana')).toEqual([]);
    expect((await ws.api('annotators.identify', { name: 'ana' })).tasks).toEqual([]);
    // Adjudicators and leads still see it, marked, with who archived it.
    expect((await ws.api('tasks.list', {}, 'ada')).map((t) => [t.name, t.state])).toEqual([['quality', 'archived']]);
    expect((await ws.api('tasks.get', { task: 'quality' })).archived).toEqual({ at: expect.any(String), by: null });
    // Read-only: no labels, submissions, skips, gold or new annotators.
    const readOnly = { code: 'conflict', message: 'task "quality" is archived, so it is read-only; a lead can unarchive it (accord tasks unarchive "quality")' };
    await expect(save('ana')).rejects.toMatchObject(readOnly);
    await expect(ws.api('labels.submit', { task: 'quality', itemId: ws.itemId('q-001') }, 'ana')).rejects.toMatchObject(readOnly);
    await expect(ws.api('queue.skip', { task: 'quality', itemId: ws.itemId('q-002') }, 'ana')).rejects.toMatchObject(readOnly);
    await expect(ws.api('adjudication.setGold', { task: 'quality', itemId: ws.itemId('q-001'), question: 'overall_quality', value: 'Bad', reason: 'x' }, 'ada')).rejects.toMatchObject(readOnly);
    await expect(ws.api('tasks.assign', { task: 'quality', annotators: ['cy'] })).rejects.toMatchObject(readOnly);
    // Reading goes on: exports, gold, agreement.
    expect((await ws.api('gold.export', { task: 'quality', format: 'csv' })).rows).toBe(1);
    expect(await ws.api('tasks.unarchive', { task: 'quality' })).toEqual({ archived: false });
    await save('ana');
    expect((await ws.api('tasks.list', {}, 'ana')).map((t) => t.name)).toEqual(['quality']);
  });
});

describe('deleting a task', () => {
  it('moves it to the trash, hidden from every reader, and restore brings back every row', async () => {
    const before = dumpWorkspace(ws.db);
    const { trashed, impact } = await ws.api('tasks.delete', { task: 'quality' });
    expect([trashed, impact.labelEvents]).toEqual([true, 4]);
    expect(await ws.api('tasks.list', {})).toEqual([]);
    await expect(ws.api('tasks.get', { task: 'quality' })).rejects.toMatchObject({ code: 'not-found', message: 'task "quality" is in the trash (a lead can restore it: accord tasks restore "quality")' });
    await expect(ws.api('labels.export', { task: 'quality', format: 'csv' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'] })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/in the trash; restore it/) });
    expect((await ws.api('tasks.trash', {}))[0]).toMatchObject({ name: 'quality', trashedBy: null, impact: { labelEvents: 4 } });
    expect(await ws.api('tasks.restore', { task: 'quality' })).toEqual({ restored: true });
    expect(dumpWorkspace(ws.db)).toEqual(before);
    expect((await ws.api('labels.list', { task: 'quality', itemId: ws.itemId('q-001') }, 'ana')).own.map((l) => l.value)).toEqual(['Good']);
  });

  it('purges only from the trash, with the name typed, after a backup that still holds every label', async () => {
    const ctx = createServiceContext({ db: ws.db, workspacePath: ws.ctx.workspacePath, backupsRoot: path.join(ws.dir, 'backups') });
    const purge = (confirm: string) => dispatch(ctx, 'tasks.purge', { task: 'quality', confirm }, { owner: true });
    expect(await purge('quality')).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/not in the trash/) } });
    await ws.api('tasks.delete', { task: 'quality' });
    expect(await purge('Quality')).toMatchObject({ ok: false, error: { code: 'invalid-input', message: 'to delete task "quality" for good, type its name exactly (got "Quality")' } });
    const purged = await purge('quality');
    expect(purged).toMatchObject({ ok: true, value: { purged: true, impact: { labelEvents: 4, goldEdits: 1 } } });
    const backup = (purged as { value: { backup: string } }).value.backup;
    expect(path.basename(backup)).toMatch(/^\d{8}T\d{6}Z-before-purge-task-quality\.accord$/);
    for (const table of ['tasks', 'labels', 'label_events', 'gold', 'gold_events', 'submissions', 'assignments', 'task_items']) {
      expect([table, ws.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()]).toEqual([table, 0]);
    }
    // The items stay in their dataset.
    expect((await ws.api('datasets.list', {}))[0].itemCount).toBe(3);
    const Database = (await import('better-sqlite3')).default;
    const copy = new Database(backup, { readonly: true });
    expect(copy.prepare('SELECT count(*) FROM label_events').pluck().get()).toBe(4);
    copy.close();
    expect(fs.existsSync(backup)).toBe(true);
  });
});

describe('the task lifecycle is for leads', () => {
  for (const [method, args] of [
    ['tasks.archive', { task: 'quality' }],
    ['tasks.unarchive', { task: 'quality' }],
    ['tasks.impact', { task: 'quality' }],
    ['tasks.delete', { task: 'quality' }],
    ['tasks.trash', {}],
    ['tasks.restore', { task: 'quality' }],
    ['tasks.purge', { task: 'quality', confirm: 'quality' }],
  ] as const) {
    it(`${method}: the task's annotator and an adjudicator are refused`, async () => {
      for (const who of ['ana', 'ada']) await expect(ws.api(method, args as never, who)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/ is for leads/) });
      expect((await ws.api('tasks.list', {})).map((t) => [t.name, t.state])).toEqual([['quality', 'active']]);
    });
  }
});

describe('a trashed task hides its judge runs', () => {
  it('from the list of every run, and brings them back on restore', async () => {
    const runs = () => ws.api('judges.runs', {});
    await ws.write((db) => {
      db.prepare("INSERT INTO judges (id, name, version, title, schema_id, definition, created_at) VALUES (1, 'j', 'v', 'J', 'plan-quality', '{}', 'now')").run();
      db.prepare("INSERT INTO judge_runs (judge_id, task_id, model, base_url, settings, status, started_at) VALUES (1, 1, 'm', 'http://127.0.0.1:1/v1', '{}', 'finished', 'now')").run();
    });
    expect((await runs()).length).toBe(1);
    await ws.api('tasks.delete', { task: 'quality' });
    expect(await runs()).toEqual([]);
    await ws.api('tasks.restore', { task: 'quality' });
    expect((await runs()).length).toBe(1);
  });
});
