import { describe, expect, it } from 'vitest';
import { graphView, layoutInputOf } from './graphView';
import { testEdge, testGraph, testNode } from './testGraph';

const fonts = { code: 'monospace', text: 'sans-serif' };

describe('graphView', () => {
  it('titles a JSON node by its name with the description under it, a line-format node by its description', () => {
    const view = graphView(
      testGraph([testNode('1', { name: 'Identify Customer', description: 'Confirm who the customer is.' }), testNode('N2', { type: 'api', description: 'get_booking' }), testNode('N3', { type: 'message', description: 'Say sorry' })], []),
      [],
      'conditions',
    );
    expect(view.nodeById.get('1')).toMatchObject({ title: 'Identify Customer', subtitle: 'Confirm who the customer is.', titleIsCode: false });
    expect(view.nodeById.get('N2')).toMatchObject({ title: 'get_booking', subtitle: null, titleIsCode: true });
    expect(view.nodeById.get('N3')).toMatchObject({ title: 'Say sorry', titleIsCode: false });
  });

  it('sets aside edges to missing nodes and repeated node ids, and pins findings', () => {
    const graph = testGraph(
      [testNode('A'), testNode('B'), testNode('A', { name: 'again' })],
      [testEdge('e0', 'A', 'B', { conditions: ['{x} == 1'] }), testEdge('e1', 'B', 'Z'), testEdge('e2', 'B', 'B')],
    );
    const view = graphView(graph, [{ validator: 'v', severity: 'warning', location: { edge: 'e2' }, message: 'loop' }], 'conditions');
    expect(view.nodes.map((n) => n.node.id)).toEqual(['A', 'B']);
    expect(view.duplicateNodeIds).toEqual(['A']);
    expect(view.danglingEdges.map((e) => e.key)).toEqual(['e1']);
    expect(view.edges.map((e) => e.edge.key)).toEqual(['e0', 'e2']);
    expect(view.edgeByKey.get('e2')).toMatchObject({ selfLoop: true, mark: { severity: 'warning' } });
    expect(view.conditional).toBe(true);
  });

  it('reserves room on the edge for its text and its finding badge, and none for a bare edge', () => {
    const graph = testGraph([testNode('A'), testNode('B')], [testEdge('e0', 'A', 'B', { conditions: ["{s} == 'ok'"] }), testEdge('e1', 'A', 'B'), testEdge('e2', 'B', 'A')]);
    const view = graphView(graph, [{ validator: 'v', severity: 'error', location: { edge: 'e2' }, message: 'm' }], 'conditions');
    const input = layoutInputOf(view, fonts);
    const [withText, bare, badgeOnly] = input.edges;
    // "{s} == 'ok'" is 11 characters: estimated 11 × 11 px × 0.62 + padding 12 + borders 2
    expect(withText!.label).toEqual({ width: Math.ceil(11 * 11 * 0.62 + 14), height: 23 });
    expect(bare!.label).toBeNull();
    expect(badgeOnly!.label!.width).toBeGreaterThan(0);
    expect(input.nodes).toEqual([
      { id: 'A', width: 220, height: 88 },
      { id: 'B', width: 220, height: 88 },
    ]);
  });

  it('knows the line format has no conditions', () => {
    expect(graphView(testGraph([], [], { sourceFormat: 'flowgraph-lines' }), [], 'labels').conditional).toBe(false);
  });
});
