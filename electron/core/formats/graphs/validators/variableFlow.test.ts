import { describe, expect, it } from 'vitest';
import { analyseGraph } from '../graphAnalysis';
import { parseSopGraphJson } from '../parseSopGraphJson';
import { jsonNode, returning } from '../../../../testing/graphBuilders';
import { variablesAvailable } from './variableFlow';

/** s → a → c, s → b → c; a returns x, b returns y, c returns z; u → c is unreachable and returns w. */
const graph = parseSopGraphJson(
  {
    nodes: [
      jsonNode('s', [['a'], ['b']]),
      jsonNode('a', [['c']], { tools: [returning({ x: 'x' })] }),
      jsonNode('b', [['c']], { tools: [returning({ y: 'y' })] }),
      jsonNode('c', [], { tools: [returning({ z: 'z' })] }),
      jsonNode('u', [['u2']], { tools: [returning({ w: 'w' })] }),
      jsonNode('u2', [['u'], ['c']]),
    ],
  },
  1,
).graph;
const analysis = analyseGraph(graph);
const position = (id: string) => graph.nodes.findIndex((n) => n.id === id);
const names = ['x', 'y', 'z', 'w'];
const returns = (node: (typeof graph.nodes)[number], add: (name: string) => void) => {
  for (const tool of node.tools) for (const field of tool.responses) add(field.name);
};

function ask(pairs: [string, string][], bitOf: Map<string, number>, maxWords?: number): string[] {
  const questions = { nodes: pairs.map(([node]) => position(node)), bits: pairs.map(([, name]) => bitOf.get(name)!) };
  const answers = variablesAvailable(analysis, bitOf, questions, returns, maxWords);
  return pairs.filter((_, q) => answers[q]).map(([node, name]) => `${name}@${node}`);
}

describe('variablesAvailable', () => {
  const pairs = ['s', 'a', 'b', 'c'].flatMap((node) => names.map((name) => [node, name] as [string, string]));

  it('counts a node itself and every node before it on some path from the start, not unreachable ones (worked out by hand)', () => {
    const bitOf = new Map(names.map((name, i) => [name, i]));
    expect(ask(pairs, bitOf)).toEqual(['x@a', 'y@b', 'x@c', 'y@c', 'z@c']);
  });

  it('gives the same answers when memory forces the variables into batches', () => {
    // 64 unused variables first, so x, y, z, w fall in the third batch of 32 when maxWords = 1.
    const bitOf = new Map<string, number>();
    for (let i = 0; i < 64; i++) bitOf.set(`pad${i}`, i);
    for (const name of names) bitOf.set(name, bitOf.size);
    expect(ask(pairs, bitOf, 1)).toEqual(['x@a', 'y@b', 'x@c', 'y@c', 'z@c']);
  });
});
