import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useEngines } from '../../testing/engines';

// plans.findGold on a workspace file and on a real PostgreSQL (issue 16): the query record a
// generated plan names is chosen in code rather than with SQLite's JSON functions.

const engines = useEngines({ beforeAll, afterAll, afterEach });

describe.each(ENGINES)('on %s', (engine) => {
  it('finds the query record with its gold plan, hides the scores from an annotator of a task hiding them, and refuses what is not a plan', async () => {
    const ws = await engines.open(engine, ['plans.jsonl', 'plans-generated.csv', 'flowgraph.txt'], async (local) => {
      await local.api('tasks.create', { name: 'generated', schema: { preset: 'plan-quality' }, datasets: ['plans-generated'], annotators: ['ana'], hideScores: true });
    });
    const generated = ws.itemId('q-002/large-planner/with_lineage');
    const link = await ws.api('plans.findGold', { id: generated }, 'ana');
    expect(link).toMatchObject({ externalId: 'q-002', dataset: 'plans', subjective: true, compound: true, link: `#/items/${ws.itemId('q-002')}`, comparison: null });
    expect(link?.gold?.steps).toHaveLength(4);
    // An adjudicator sees the comparison: F1 = 4/7 → Bad (as findGold.test.ts).
    await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    expect((await ws.api('plans.findGold', { id: generated }, 'ada'))?.comparison).toMatchObject({ matchedSteps: 2, planSteps: 3, goldSteps: 4, tier: 'Bad' });
    // A query record names no gold of its own.
    expect(await ws.api('plans.findGold', { id: ws.itemId('q-001') }, 'ada')).toBeNull();
    await expect(ws.api('plans.findGold', { id: 99999 }, 'ada')).rejects.toMatchObject({ code: 'not-found', message: 'no item with id 99999' });
    await expect(ws.api('plans.findGold', { id: ws.itemId('flowgraph') }, 'ada')).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/is a graph, not a plan/) });
  });
});
