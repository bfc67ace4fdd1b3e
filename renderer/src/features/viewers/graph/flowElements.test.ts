import { describe, expect, it } from 'vitest';
import type { GraphLayout } from './elkLayout';
import { EDGE_COLOR, flowEdges, flowNodes } from './flowElements';
import { graphView } from './graphView';
import { testEdge, testGraph, testNode } from './testGraph';

const graph = testGraph([testNode('A'), testNode('B'), testNode('C')], [testEdge('e0', 'A', 'B'), testEdge('e1', 'B', 'C'), testEdge('e2', 'A', 'C')]);
const view = graphView(graph, [], 'conditions');
const box = (x: number) => ({ x, y: 0, width: 220, height: 88 });
const route = { points: [{ x: 0, y: 0 }, { x: 0, y: 10 }], label: null };
const layout: GraphLayout = {
  width: 1000,
  height: 500,
  nodes: new Map([['A', box(0)], ['B', box(300)], ['C', box(600)]]),
  edges: new Map([['e0', route], ['e1', route], ['e2', route]]),
};

describe('canvas elements', () => {
  it('places nodes where the layout put them, nothing emphasised', () => {
    const nodes = flowNodes(view, layout, { selectedNode: null, selectedEdge: null, journey: null });
    expect(nodes.map((n) => [n.id, n.position.x, n.data.selected, n.data.dimmed, n.data.step])).toEqual([
      ['A', 0, false, false, null],
      ['B', 300, false, false, null],
      ['C', 600, false, false, null],
    ]);
  });

  it('numbers the steps of the highlighted journey and dims the rest', () => {
    const journey = { nodes: ['A', 'B', 'C'], edges: ['e0', 'e1'] };
    const nodes = flowNodes(view, layout, { selectedNode: 'B', selectedEdge: null, journey });
    expect(nodes.map((n) => n.data.step)).toEqual([1, 2, 3]);
    expect(nodes.find((n) => n.id === 'B')!.data.selected).toBe(true);
    const edges = flowEdges(view, layout, { selectedNode: null, selectedEdge: null, journey });
    expect(edges.map((e) => [e.id, e.data!.inJourney, e.data!.dimmed, e.zIndex])).toEqual([
      ['e0', true, false, 1],
      ['e1', true, false, 1],
      ['e2', false, true, 0],
    ]);
    expect(edges[0]!.markerEnd).toMatchObject({ color: EDGE_COLOR.journey });
  });

  it('draws the selected edge above the others in its own colour, never dimmed', () => {
    const edges = flowEdges(view, layout, { selectedNode: null, selectedEdge: 'e2', journey: { nodes: ['A', 'B'], edges: ['e0'] } });
    const selected = edges.find((e) => e.id === 'e2')!;
    expect(selected.data).toMatchObject({ selected: true, dimmed: false });
    expect(selected.zIndex).toBe(1);
    expect(selected.markerEnd).toMatchObject({ color: EDGE_COLOR.selected });
  });
});
