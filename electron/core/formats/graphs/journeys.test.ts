import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countJourneys, enumerateJourneys } from './journeys';
import { parseFlowgraphLines } from './parseFlowgraphLines';
import { parseSopGraphJson } from './parseSopGraphJson';
import { jsonNode } from '../../../testing/graphBuilders';
import { FORMATS } from '../../../testing/fixtures';


/** `k` diamonds in a row: s → (a_i | b_i) → j_i → … → end, so 2^k journeys. */
function diamonds(k: number) {
  const nodes = [jsonNode('s', [['a0'], ['b0']])];
  for (let i = 0; i < k; i++) {
    const next = i + 1 < k ? [[`a${i + 1}`], [`b${i + 1}`]] : [['end']];
    nodes.push(jsonNode(`a${i}`, [[`j${i}`]]), jsonNode(`b${i}`, [[`j${i}`]]), jsonNode(`j${i}`, next as [string][]));
  }
  nodes.push(jsonNode('end'));
  return parseSopGraphJson({ nodes }, 1).graph;
}

describe('enumerateJourneys', () => {
  it('lists the four journeys of sop-graph.json (traced by hand from its pathways)', () => {
    const graph = parseSopGraphJson(JSON.parse(readFileSync(path.join(FORMATS, 'sop-graph.json'), 'utf8')), 1).graph;
    expect(enumerateJourneys(graph)).toEqual({
      journeys: [
        { nodes: ['1', '2', '3', '5'], edges: ['e0', 'e2', 'e4'] },
        { nodes: ['1', '2', '3', '6', '5'], edges: ['e0', 'e2', 'e5', 'e7'] },
        { nodes: ['1', '2', '4', '5'], edges: ['e0', 'e3', 'e6'] },
        { nodes: ['1', '6', '5'], edges: ['e1', 'e7'] },
      ],
      cappedBy: null,
    });
  });

  it('walks the retry loop of flowgraph.txt at most once (simple paths), giving its two journeys', () => {
    const graph = parseFlowgraphLines(readFileSync(path.join(FORMATS, 'flowgraph.txt'), 'utf8'));
    expect(enumerateJourneys(graph).journeys.map((j) => j.nodes.join(' '))).toEqual(['N0 N1 N2 N4 N5 N6 N7', 'N0 N1 N2 N4 N5 N8']);
  });

  it('counts parallel edges (different conditions) as different journeys', () => {
    const graph = parseSopGraphJson({ nodes: [jsonNode('a', [['b', '{x} == 1'], ['b', '{x} == 2']]), jsonNode('b')] }, 1).graph;
    expect(enumerateJourneys(graph).journeys).toEqual([
      { nodes: ['a', 'b'], edges: ['e0'] },
      { nodes: ['a', 'b'], edges: ['e1'] },
    ]);
  });

  it('gives a one-node graph one journey, and a graph without a start none', () => {
    expect(enumerateJourneys(parseSopGraphJson({ nodes: [jsonNode('a')] }, 1).graph).journeys).toEqual([{ nodes: ['a'], edges: [] }]);
    expect(enumerateJourneys(parseFlowgraphLines('[A](message){a}\n[B](end_message){b}\n[1](A, B){}')).journeys).toEqual([]);
  });

  it('stops at an end node even when edges leave it', () => {
    const graph = parseFlowgraphLines('[S](start_message){}\n[E](end_message){}\n[M](message){}\n[1](S, E){}\n[2](E, M){}\n[3](M, E){}');
    expect(enumerateJourneys(graph).journeys.map((j) => j.nodes)).toEqual([['S', 'E']]);
  });

  it('caps the count and says so, but not when there are exactly as many journeys as the cap', () => {
    const graph = diamonds(10); // 2^10 = 1,024 journeys
    expect(countJourneys(graph, { maxJourneys: 5_000 })).toEqual({ count: 1024, cappedBy: null });
    const capped = enumerateJourneys(graph, { maxJourneys: 10 });
    expect(capped.journeys).toHaveLength(10);
    expect(capped.cappedBy).toBe('count');
    expect(enumerateJourneys(diamonds(2), { maxJourneys: 4 })).toMatchObject({ cappedBy: null });
    expect(enumerateJourneys(diamonds(2), { maxJourneys: 3 })).toMatchObject({ cappedBy: 'count' });
  });

  it('caps the search effort and says so', () => {
    expect(enumerateJourneys(diamonds(10), { maxSteps: 50 }).cappedBy).toBe('steps');
  });

  it('uses the default cap of 1,000 journeys', () => {
    expect(countJourneys(diamonds(11))).toEqual({ count: 1000, cappedBy: 'count' });
  });
});
