import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useEngines } from '../../testing/engines';
import { FIXTURES } from '../../testing/fixtures';

// A graph's journeys on the query layer (issue 16): the same on a workspace file and on PostgreSQL.

const engines = useEngines({ beforeAll, afterAll, afterEach });
const FILES = ['sop-graph.json', path.join(FIXTURES, 'graph-rebook-flight.txt'), 'plans.jsonl'];

describe.each(ENGINES)('items.journeys on %s', (engine) => {
  it('lists the start → end journeys in edge order, walks a cycle at most once, and stops at the limit', async () => {
    const ws = await engines.open(engine, FILES);
    const result = await ws.api('items.journeys', { id: ws.itemId('Order return with refund') });
    // sop-graph.json: 1 → 2 → {3, 4}; 3 → {5, 6}; 4 → 5; 6 → 5; 1 → 6 → 5 (edges e0…e7 in pathway order).
    expect(result.journeys).toEqual([
      { nodes: ['1', '2', '3', '5'], edges: ['e0', 'e2', 'e4'] },
      { nodes: ['1', '2', '3', '6', '5'], edges: ['e0', 'e2', 'e5', 'e7'] },
      { nodes: ['1', '2', '4', '5'], edges: ['e0', 'e3', 'e6'] },
      { nodes: ['1', '6', '5'], edges: ['e1', 'e7'] },
    ]);
    expect([result.cappedBy, result.limit]).toEqual([null, 1000]);
    const capped = await ws.api('items.journeys', { id: ws.itemId('Order return with refund'), limit: 2 });
    expect([capped.journeys.length, capped.cappedBy, capped.limit]).toEqual([2, 'count', 2]);
    // graph-rebook-flight.txt: N2 → N3 → N2 is a retry cycle, so no journey visits N2 twice.
    const { journeys } = await ws.api('items.journeys', { id: ws.itemId('graph-rebook-flight') });
    expect(journeys.map((j) => j.nodes.join(' '))).toEqual(['N0 N1 N2 N4 N5 N6 N7', 'N0 N1 N2 N4 N5 N8 N9 N10', 'N0 N1 N2 N4 N8 N9 N10']);
  });

  it('refuses an item that is not a graph, and a missing item', async () => {
    const ws = await engines.open(engine, FILES);
    await expect(ws.api('items.journeys', { id: ws.itemId('q-001') })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/is a plan, not a graph/) });
    await expect(ws.api('items.journeys', { id: 999_999 })).rejects.toMatchObject({ code: 'not-found', message: 'no item with id 999999' });
  });
});
