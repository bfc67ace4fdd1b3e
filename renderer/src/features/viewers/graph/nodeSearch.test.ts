import { describe, expect, it } from 'vitest';
import { graphView } from './graphView';
import { searchNodes } from './nodeSearch';
import { testGraph, testNode } from './testGraph';

const view = graphView(
  testGraph([
    testNode('n1', { type: 'start', name: 'Verify identity' }),
    testNode('n15', { name: 'Check order status' }),
    testNode('n150', { name: 'Offer store credit' }),
    testNode('n2', { name: 'Escalate to n15 owner' }),
    testNode('x', { name: 'Check warranty' }),
  ], []),
  [],
  'conditions',
);

describe('node search', () => {
  it('puts the node whose id is the query first, then ids starting with it, then the rest', () => {
    expect(searchNodes(view.nodes, 'N15').map((h) => h.id)).toEqual(['n15', 'n150', 'n2']);
  });

  it('finds titles, those starting with the query first', () => {
    expect(searchNodes(view.nodes, ' check ').map((h) => h.id)).toEqual(['n15', 'x']);
    expect(searchNodes(view.nodes, 'credit')).toEqual([{ id: 'n150', title: 'Offer store credit' }]);
  });

  it('lists nodes in graph order for an empty query, up to the limit', () => {
    expect(searchNodes(view.nodes, '', 2).map((h) => h.id)).toEqual(['n1', 'n15']);
  });
});
