import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, TestCallError } from '../../testing/annotationWorkspace';
import { FIXTURES } from '../../testing/fixtures';

let ws: Awaited<ReturnType<typeof annotationWorkspace>> | undefined;
afterEach(() => ws?.dispose());

describe('items.journeys', () => {
  it('lists the start → end journeys of a graph item, in edge order', async () => {
    ws = await annotationWorkspace(['sop-graph.json']);
    const result = await ws.api('items.journeys', { id: ws.itemId('Order return with refund') });
    // sop-graph.json: 1 → 2 → {3, 4}; 3 → {5, 6}; 4 → 5; 6 → 5; 1 → 6 → 5 (edges e0…e7 in pathway order).
    expect(result.journeys).toEqual([
      { nodes: ['1', '2', '3', '5'], edges: ['e0', 'e2', 'e4'] },
      { nodes: ['1', '2', '3', '6', '5'], edges: ['e0', 'e2', 'e5', 'e7'] },
      { nodes: ['1', '2', '4', '5'], edges: ['e0', 'e3', 'e6'] },
      { nodes: ['1', '6', '5'], edges: ['e1', 'e7'] },
    ]);
    expect(result.cappedBy).toBeNull();
    expect(result.limit).toBe(1000);
  });

  it('stops at the limit and says so', async () => {
    ws = await annotationWorkspace(['sop-graph.json']);
    const result = await ws.api('items.journeys', { id: ws.itemId('Order return with refund'), limit: 2 });
    expect(result.journeys).toHaveLength(2);
    expect(result.cappedBy).toBe('count');
  });

  it('walks a line-format cycle at most once around', async () => {
    ws = await annotationWorkspace([path.join(FIXTURES, 'graph-rebook-flight.txt')]);
    const { journeys } = await ws.api('items.journeys', { id: ws.itemId('graph-rebook-flight') });
    // N2 → N3 → N2 is a retry cycle: no journey visits N2 twice.
    expect(journeys.map((j) => j.nodes.join(' '))).toEqual([
      'N0 N1 N2 N4 N5 N6 N7',
      'N0 N1 N2 N4 N5 N8 N9 N10',
      'N0 N1 N2 N4 N8 N9 N10',
    ]);
  });

  it('refuses an item that is not a graph, and a missing item', async () => {
    ws = await annotationWorkspace(['plans.jsonl']);
    await expect(ws.api('items.journeys', { id: ws.itemId('q-001') })).rejects.toThrow(/is a plan, not a graph/);
    const missing = ws.api('items.journeys', { id: 999_999 });
    await expect(missing).rejects.toBeInstanceOf(TestCallError);
    await expect(missing).rejects.toMatchObject({ code: 'not-found' });
  });
});
