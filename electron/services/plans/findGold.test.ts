import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importFiles } from '../import/importFiles';
import { FORMATS } from '../../testing/fixtures';
import { tempSession } from '../../testing/tempWorkspace';
import { findPlanGold } from './findGold';

let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
});
afterEach(() => ws.dispose());

const example = (name: string) => ({ path: path.join(FORMATS, name), displayName: name });
const idOf = (externalId: string) => (ws.db.prepare('SELECT id FROM items WHERE external_id = ?').get(externalId) as { id: number }).id;

describe('plans.findGold', () => {
  it('finds the query record a generated plan names, with the step matches against its gold plan', async () => {
    await importFiles(ws.ctx, [example('plans.jsonl'), example('plans-generated.csv')]);
    const link = findPlanGold(ws.ctx, idOf('q-002/large-planner/with_lineage'));
    expect(link).toMatchObject({ externalId: 'q-002', dataset: 'plans', subjective: true, compound: true, link: `#/items/${idOf('q-002')}` });
    expect(link?.query).toMatch(/^Why do customers who mention a competitor cancel/);
    expect(link?.gold?.steps).toHaveLength(4);
    // plans-generated.csv row 2 against q-002's best_plan: steps 1 and 2 are gold's 1 and 2;
    // 'Answer (query) using (2)' is not gold 4's prompt → 2 of 3 plan steps, 2 of 4 gold steps,
    // F1 = 4/7 = 0.571 → Bad (the same figures importFiles.test.ts stores as metrics).
    expect(link?.comparison).toMatchObject({ matchedSteps: 2, planSteps: 3, goldSteps: 4, tier: 'Bad' });
    expect(link?.comparison?.matches.map((m) => [m.plan.id, m.gold.id])).toEqual([
      ['1', '1'],
      ['2', '2'],
    ]);
    expect(link?.comparison?.unmatchedGold.map((s) => s.id)).toEqual(['3', '4']);
  });

  it('scores an unreadable generated plan as Extremely Bad, still showing the gold plan', async () => {
    await importFiles(ws.ctx, [example('plans-generated.csv'), example('plans.jsonl')]);
    const link = findPlanGold(ws.ctx, idOf('q-003/small-planner/without_lineage'));
    expect(link?.externalId).toBe('q-003');
    expect(link?.gold?.steps).toHaveLength(4);
    expect(link?.comparison).toMatchObject({ f1: 0, tier: 'Extremely Bad', matchedSteps: 0 });
  });

  it('answers null for a query record and for a generated plan whose query is not in the workspace', async () => {
    await importFiles(ws.ctx, [example('plans-generated.csv')]);
    expect(findPlanGold(ws.ctx, idOf('q-002/small-planner/without_lineage'))).toBeNull();
    await importFiles(ws.ctx, [example('plans.jsonl')]);
    expect(findPlanGold(ws.ctx, idOf('q-001'))).toBeNull();
  });

  it('says which item is missing or not a plan', async () => {
    await importFiles(ws.ctx, [example('flowgraph.txt')]);
    expect(() => findPlanGold(ws.ctx, 999)).toThrow('no item with id 999');
    expect(() => findPlanGold(ws.ctx, idOf('flowgraph'))).toThrow(/is a graph, not a plan/);
  });
});
