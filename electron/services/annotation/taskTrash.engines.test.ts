import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { disagreeOnQ001 } from '../../testing/disagreement';
import { ENGINES, useEngines, type TestEngine } from '../../testing/engines';

// Tasks archived, deleted to the trash, restored and purged (issue 13, rule 1) on a workspace
// file and on a real PostgreSQL (issue 16): the same answers, the same refusals.

const engines = useEngines({ beforeAll, afterAll, afterEach });

/** Task "quality" where ana and ben disagree on q-001 (two edits each, submitted) and ada set gold. */
async function openLabelled(engine: TestEngine) {
  const ws = await engines.open(engine, ['plans.jsonl'], createQualityTask);
  await disagreeOnQ001(ws);
  return ws;
}
/** One function for every open, so the workspace is built once per file and copied for each test. */
async function createQualityTask(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
}

describe.each(ENGINES)('on %s', (engine) => {
  it('archives a task: hidden from its annotators, read-only, and back when unarchived', async () => {
    const ws = await openLabelled(engine);
    const save = () => ws.api('labels.save', { task: 'quality', itemId: ws.itemId('q-002'), question: 'overall_quality', value: 'Good' }, 'ana');
    expect(await ws.api('tasks.archive', { task: 'quality' })).toEqual({ archived: true });
    expect(await ws.api('tasks.list', {}, 'ana')).toEqual([]);
    expect((await ws.api('tasks.list', {}, 'ada')).map((t) => [t.name, t.state])).toEqual([['quality', 'archived']]);
    await expect(save()).rejects.toMatchObject({ code: 'conflict', message: 'task "quality" is archived, so it is read-only; a lead can unarchive it (accord tasks unarchive "quality")' });
    await expect(ws.api('queue.skip', { task: 'quality', itemId: ws.itemId('q-002') }, 'ana')).rejects.toMatchObject({ code: 'conflict' });
    expect(await ws.api('tasks.unarchive', { task: 'quality' })).toEqual({ archived: false });
    expect((await save()).changed).toBe(true);
    // Archiving is a lead's.
    await expect(ws.api('tasks.archive', { task: 'quality' }, 'ada')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('says what goes, keeps it in the trash, restores it whole, and purges it only with the name typed', async () => {
    const ws = await openLabelled(engine);
    const impact = {
      task: 'quality',
      items: 3,
      annotators: ['ana', 'ben'],
      labels: [
        { rater: 'ana', kind: 'human', labels: 1 },
        { rater: 'ben', kind: 'human', labels: 1 },
      ],
      labelEvents: 4,
      submissions: 2,
      gold: [{ source: 'adjudicated', count: 1 }],
      goldEdits: 1,
      judgeRuns: 0,
      judgeCalls: 0,
    };
    expect(await ws.api('tasks.impact', { task: 'quality' })).toEqual(impact);
    expect(await ws.api('tasks.delete', { task: 'quality' })).toEqual({ trashed: true, impact });
    expect(await ws.api('tasks.delete', { task: 'quality' })).toEqual({ trashed: false, impact });
    await expect(ws.api('tasks.get', { task: 'quality' })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/is in the trash/) });
    expect((await ws.api('tasks.trash', {})).map((t) => [t.name, t.impact.labelEvents])).toEqual([['quality', 4]]);
    expect(await ws.api('tasks.restore', { task: 'quality' })).toEqual({ restored: true });
    expect((await ws.api('labels.list', { task: 'quality', itemId: ws.itemId('q-001') }, 'ada')).others.map((l) => [l.rater, l.value])).toEqual([
      ['ana', 'Good'],
      ['ben', 'Bad'],
    ]);

    await ws.api('tasks.delete', { task: 'quality' });
    await expect(ws.api('tasks.purge', { task: 'quality', confirm: 'Quality' })).rejects.toMatchObject({ code: 'invalid-input', message: 'to delete task "quality" for good, type its name exactly (got "Quality")' });
    expect(await ws.api('tasks.purge', { task: 'quality', confirm: 'quality' })).toMatchObject({ purged: true, impact });
    expect(await ws.api('tasks.trash', {})).toEqual([]);
    await expect(ws.api('tasks.restore', { task: 'quality' })).rejects.toMatchObject({ code: 'not-found' });
    // Everything under it went: nothing of the task is left for a new one of the same name.
    await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'] });
    expect((await ws.api('tasks.impact', { task: 'quality' })).labelEvents).toBe(0);
  });
});
