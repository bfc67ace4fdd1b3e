import { describe, expect, it } from 'vitest';
import { curate, type CurationItem, type Verdict } from './curate';

const graph = (id: number, externalId: string): CurationItem => ({ id, externalId, kind: 'graph', flowgraphId: null });
const conversation = (id: number, externalId: string, flowgraphId: string | null): CurationItem => ({ id, externalId, kind: 'conversation', flowgraphId });
const verdict = (itemId: number, rater: string, valid: boolean): Verdict => ({ itemId, rater, valid });

// g1 accepted by both; g2 rejected by ben; g3 judged by nobody.
// c1 (g1) accepted; c2 (g2) accepted but its flowgraph is removed; c3 (g1) rejected by ana;
// c4 (g2) unjudged, goes with g2; c5 names a flowgraph the task lacks, accepted by ana alone;
// c6 links to nothing and is unjudged.
const items = [
  graph(1, 'g1'),
  graph(2, 'g2'),
  graph(3, 'g3'),
  conversation(11, 'c1', 'g1'),
  conversation(12, 'c2', 'g2'),
  conversation(13, 'c3', 'g1'),
  conversation(14, 'c4', 'g2'),
  conversation(15, 'c5', 'g9'),
  conversation(16, 'c6', null),
];
const verdicts = [
  verdict(1, 'ana', true),
  verdict(1, 'ben', true),
  verdict(2, 'ana', true),
  verdict(2, 'ben', false),
  verdict(11, 'ana', true),
  verdict(11, 'ben', true),
  verdict(12, 'ana', true),
  verdict(12, 'ben', true),
  verdict(13, 'ana', false),
  verdict(13, 'ben', true),
  verdict(15, 'ana', true),
];

describe('curate', () => {
  const result = curate(items, verdicts);

  it('keeps only the items every annotator who judged them accepted', () => {
    expect(result.kept.map((i) => i.externalId)).toEqual(['g1', 'c1', 'c5']);
  });

  it('removes an item one annotator rejected, naming who rejected and who accepted it', () => {
    expect(result.rejected.map((r) => [r.item.externalId, r.rejectedBy, r.acceptedBy])).toEqual([
      ['g2', ['ben'], ['ana']],
      ['c3', ['ana'], ['ben']],
    ]);
  });

  it('removes the conversations of a removed flowgraph, judged or not', () => {
    expect(result.removedWithFlowgraph.map((f) => [f.item.externalId, f.flowgraph])).toEqual([
      ['c2', 'g2'],
      ['c4', 'g2'],
    ]);
  });

  it('lists items nobody judged apart instead of dropping them', () => {
    expect(result.unjudged.map((i) => i.externalId)).toEqual(['g3', 'c6']);
  });

  it('reports a conversation whose flowgraph id is not among the task’s flowgraphs', () => {
    expect(result.unknownFlowgraph.map((f) => [f.item.externalId, f.flowgraph])).toEqual([['c5', 'g9']]);
  });

  it('counts before and after per kind (hand-counted above)', () => {
    expect(result.counts).toEqual({
      graph: { before: 3, kept: 1, rejected: 1, removedWithFlowgraph: 0, unjudged: 1 },
      conversation: { before: 6, kept: 2, rejected: 1, removedWithFlowgraph: 2, unjudged: 1 },
    });
  });

  it('counts a rater once per item however many verdicts repeat', () => {
    const twice = curate([graph(1, 'g1')], [verdict(1, 'ana', false), verdict(1, 'ana', false), verdict(1, 'ben', true)]);
    expect(twice.rejected[0]).toMatchObject({ rejectedBy: ['ana'], acceptedBy: ['ben'] });
  });

  it('does not call a link unknown when the task has no flowgraphs to follow', () => {
    expect(curate([conversation(1, 'c1', 'g1')], [verdict(1, 'ana', true)]).unknownFlowgraph).toEqual([]);
  });
});
