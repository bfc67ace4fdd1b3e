import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { LABELS_CSV_SCHEMA } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines } from '../../testing/engines';

// Tasks and what is read out of them, on a workspace file and on a real PostgreSQL (issue 16):
// creating a task (items picked through the catalog, seeded queues), its schema, and the labels
// and gold exports — byte for byte the same files from either engine.

const engines = useEngines({ beforeAll, afterAll, afterEach });
const LABELS_CSV = path.join(FORMATS, 'labels.csv');

describe.each(ENGINES)('on %s', (engine) => {
  it('creates a task with seeded queues, and refuses a taken name, an unknown dataset and a filter matching nothing', async () => {
    const ws = await engines.open(engine, ['plans.jsonl', 'conversations-chat.jsonl']);
    const created = await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 5 });
    expect(created).toMatchObject({ name: 'quality', schemaId: 'plan-quality', itemCount: 3, annotators: ['ana', 'ben'], seed: 5, blind: true, hideScores: true, state: 'active', goldCount: 0, completeItems: 0 });
    expect(created.selection).toEqual({ datasets: ['plans'], filter: {} });
    // The same seeded order as labeling.engines.test.ts's task made on a workspace file.
    expect((await ws.api('queue.get', { task: 'quality' }, 'ana')).entries.map((e) => e.externalId)).toEqual(['q-001', 'q-002', 'q-003']);
    expect((await ws.api('annotators.list', {})).map((a) => a.name)).toEqual(['ana', 'ben']);

    await expect(ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: [] })).rejects.toMatchObject({
      code: 'conflict',
      message: 'a task named "quality" already exists',
    });
    await expect(ws.api('tasks.create', { name: 'other', schema: { preset: 'plan-quality' }, datasets: ['nope'], annotators: [] })).rejects.toMatchObject({
      code: 'not-found',
      message: 'no dataset named "nope" (datasets: conversations-chat, plans)',
    });
    await expect(ws.api('tasks.create', { name: 'other', schema: { preset: 'plan-quality' }, datasets: ['plans'], filter: { search: 'no such words anywhere' }, annotators: [] })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'no items match: datasets plans with the filter given',
    });
    // A fixed overlap of one annotator per item shares the items out.
    const fixed = await ws.api('tasks.create', { name: 'fixed', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], overlap: 'fixed', perItem: 1, seed: 5 });
    expect(fixed.progress.reduce((sum, p) => sum + p.assigned, 0)).toBe(3);
    expect((await ws.api('tasks.list', {})).map((t) => t.name)).toEqual(['quality', 'fixed']);
    expect((await ws.api('schemas.export', { task: 'quality' })).text).toMatch(/"id": "plan-quality"/);
  });

  it('exports labels and gold byte for byte alike', async () => {
    const ws = await engines.open(engine, undefined, async (local) => {
      await local.api('tasks.create', { name: 'shared', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'], seed: 1 });
      await local.api('labels.import', { task: 'shared', source: { path: LABELS_CSV } });
    });
    const exported = await ws.api('labels.export', { task: 'shared', format: 'csv' });
    expect(exported).toMatchObject({ fileName: 'shared.labels.csv', rows: 8 });
    expect(exported.content).toBe(fs.readFileSync(LABELS_CSV, 'utf8'));
    const jsonl = (await ws.api('labels.export', { task: 'shared', format: 'jsonl' })).content.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(jsonl[6]).toMatchObject({ item: 'q-003', unit: 'step:2', question: 'step_tags', rater: 'ana', value: ['incorrect_tool'], na: false, rationale: 'Tone change needs RAG.' });

    const q3 = ws.itemId('q-003');
    await ws.api('adjudication.setGold', { task: 'shared', itemId: q3, unit: 'step:2', question: 'step_tags', value: ['incorrect_tool'], na: false, rationale: 'RAG, not tone.' });
    const gold = await ws.api('gold.export', { task: 'shared', format: 'csv' });
    const [header, row, ...rest] = gold.content.trimEnd().split('\n');
    expect(header).toBe('item,dataset,unit,question,gold,source,adjudicator,note,time,edits,edit_log');
    expect(row).toMatch(/^q-003,plans,2,step_tags,incorrect_tool,adjudicated,,"?RAG, not tone\."?,/);
    expect(rest).toEqual([]);
    // The labels export of an annotator is refused: it holds every rater's labels.
    await expect(ws.api('labels.export', { task: 'shared', format: 'csv' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });
});
