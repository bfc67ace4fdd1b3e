import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { LABELS_CSV_SCHEMA, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type TestEngine } from '../../testing/engines';

// Agreement on a workspace file and on a real PostgreSQL (issue 16): the selection (a filter as
// the item browser reads it), the ratings and every figure come out the same from either engine.

const engines = useEngines({ beforeAll, afterAll, afterEach });

/** fixtures/formats/labels.csv in task "shared", every (rater, item) submitted; ben then revises q-003 after discussion. */
async function prepare(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'shared', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'], seed: 1 });
  await local.api('labels.import', { task: 'shared', source: { path: path.join(FORMATS, 'labels.csv') } });
}

const open = (engine: TestEngine) => engines.open(engine, undefined, prepare);
/** A result without the time it was computed at, which is all that may differ. */
const timeless = (result: unknown): unknown => JSON.parse(JSON.stringify(result, (key, value: unknown) => (key === 'computedAt' ? undefined : value)));
const datasetId = (ws: Awaited<ReturnType<typeof open>>, name: string) => ws.ctx.sql.one(ws.ctx.sql.q.selectFrom('datasets').select('id').where('name', '=', name))!.id;

describe('agreement on both engines', () => {
  it('gives the same summary and question figures, on the whole task and on a selection', async () => {
    const file = await open('sqlite');
    const server = await open('postgres');
    for (const ws of [file, server]) {
      // A revision after discussion: agreement compares the originals by default and counts the revision.
      await ws.api('tasks.setDiscussion', { task: 'shared', open: true });
      await ws.api('labels.save', { task: 'shared', itemId: ws.itemId('q-003'), question: 'overall_quality', value: 'Bad' }, 'ben');
    }
    const summary = { task: 'shared', bootstrap: 50, seed: 3 } as const;
    const onFile = await file.api('agreement.summary', summary);
    expect(onFile.questions.map((q) => q.question)).toEqual(['validity', 'overall_quality', 'step_tags']);
    expect(onFile.selection).toMatchObject({ description: 'all items', items: 5, taskItems: 5, revisedLabels: 1 });
    expect(timeless(await server.api('agreement.summary', summary))).toEqual(timeless(onFile));

    const plans = await file.api('agreement.summary', { ...summary, filter: { datasetId: datasetId(file, 'plans') } });
    expect(plans.selection).toMatchObject({ description: 'dataset plans', items: 3, revisedLabels: 1 });
    expect(timeless(await server.api('agreement.summary', { ...summary, filter: { datasetId: datasetId(server, 'plans') } }))).toEqual(timeless(plans));

    const question = { task: 'shared', question: 'validity', bootstrap: 50, seed: 3 } as const;
    const validity = await file.api('agreement.question', question);
    expect(validity.row.percentAgreement).toBe(1);
    expect(timeless(await server.api('agreement.question', question))).toEqual(timeless(validity));
    const revised = { ...question, question: 'overall_quality', labels: 'revised' } as const;
    expect(timeless(await server.api('agreement.question', revised))).toEqual(timeless(await file.api('agreement.question', revised)));
    // One pair (what a crowd's confusion-matrix view asks for), single-label and per tag, on a selection.
    for (const pair of [
      { task: 'shared', question: 'overall_quality', pair: ['ben', 'ana'], labels: 'revised' },
      { task: 'shared', question: 'step_tags', pair: ['ana', 'ben'], tag: 'incorrect_tool' },
    ] as const) {
      const onFile = await file.api('agreement.pair', { ...pair, pair: [...pair.pair] });
      expect(onFile.pair.units).toBeGreaterThan(0);
      expect(await server.api('agreement.pair', { ...pair, pair: [...pair.pair] })).toEqual(onFile);
    }
  });
});

describe.each(ENGINES)('on %s', (engine) => {
  it('refuses a text question, an annotator, and a selection of one rater', async () => {
    const ws = await open(engine);
    await ws.api('tasks.create', { name: 'notes', schema: { json: { ...LABELS_CSV_SCHEMA, id: 'notes', questions: [{ id: 'note', type: 'text', title: 'Note', required: false }] } }, datasets: ['plans'], annotators: ['ana'] });
    await expect(ws.api('agreement.question', { task: 'notes', question: 'note' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/text question/) });
    await expect(ws.api('agreement.summary', { task: 'shared' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ws.api('agreement.summary', { task: 'shared', raters: ['ana'] })).rejects.toMatchObject({ code: 'bad-request' });
  });
});
