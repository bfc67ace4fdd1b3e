import { describe, expect, it } from 'vitest';
import passwordReset from '../../../../../fixtures/graph-password-reset.json';
import type { Box, GraphLayout, LayoutInput } from './elkLayout';
import { fastLayout } from './fastLayout';

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const onBorder = (p: { x: number; y: number }, b: Box) =>
  p.x >= b.x - 0.5 && p.x <= b.x + b.width + 0.5 && p.y >= b.y - 0.5 && p.y <= b.y + b.height + 0.5 &&
  (Math.abs(p.x - b.x) < 0.5 || Math.abs(p.x - b.x - b.width) < 0.5 || Math.abs(p.y - b.y) < 0.5 || Math.abs(p.y - b.y - b.height) < 0.5);

/** What every layout must hold: nodes and labels apart, inside the drawing, edges orthogonal from border to border. */
function expectSound(input: LayoutInput, result: GraphLayout) {
  const boxes = [...result.nodes.values(), ...[...result.edges.values()].flatMap((e) => (e.label ? [e.label] : []))];
  const outside = boxes.filter((a) => a.x < 0 || a.y < 0 || a.x + a.width > result.width || a.y + a.height > result.height);
  expect(outside).toEqual([]);
  const overlapping = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlaps(a, b)).map((b) => [a, b]));
  expect(overlapping).toEqual([]);
  for (const edge of input.edges) {
    const route = result.edges.get(edge.key)!;
    expect(route, edge.key).toBeDefined();
    expect(onBorder(route.points[0]!, result.nodes.get(edge.source)!), `${edge.key} leaves its source's border`).toBe(true);
    expect(onBorder(route.points.at(-1)!, result.nodes.get(edge.target)!), `${edge.key} reaches its target's border`).toBe(true);
    route.points.slice(1).forEach((p, i) => {
      const q = route.points[i]!;
      expect(Math.abs(p.x - q.x) < 0.01 || Math.abs(p.y - q.y) < 0.01, `${edge.key} runs orthogonally`).toBe(true);
    });
    expect(route.label !== null).toBe(edge.label !== null);
  }
}

// graph-password-reset.json: 6 nodes, 9 edges including the self-loop B → B (e3) and a cycle.
const small: LayoutInput = {
  nodes: passwordReset.nodes.map((n) => ({ id: n.id, width: 240, height: 92 })),
  edges: passwordReset.edges.map((e, i) => ({ key: `e${i}`, source: e.source, target: e.target, label: { width: 150, height: 21 } })),
};

/**
 * A procedure shaped like the bench's (build/bench/generateSopGraph.ts): one start, stages of
 * 2–5 nodes, each node leading into one to three nodes of the next two stages, one end; every
 * edge with a condition label. Deterministic.
 */
function generated(nodeCount: number): LayoutInput {
  let seed = 101;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const stages: string[][] = [['n1']];
  let next = 2;
  while (next < nodeCount) {
    const width = Math.min(2 + Math.floor(rand() * 4), nodeCount - next);
    stages.push(Array.from({ length: width }, (_v, i) => `n${next + i}`));
    next += width;
  }
  stages.push([`n${nodeCount}`]);
  const edges: LayoutInput['edges'] = [];
  stages.forEach((stage, s) => {
    for (const source of stage) {
      const after = [...(stages[s + 1] ?? []), ...(stages[s + 2] ?? [])];
      const targets = new Set([after[Math.floor(rand() * Math.min(after.length, stages[s + 1]?.length ?? 0))]]);
      while (targets.size < 3 && rand() < 0.5 && after.length > 0) targets.add(after[Math.floor(rand() * after.length)]);
      for (const target of targets) if (target) edges.push({ key: `e${edges.length}`, source, target, label: { width: 90 + Math.floor(rand() * 80), height: 21 } });
    }
  });
  // Every node of a stage is entered from the stage before it.
  stages.forEach((stage, s) => {
    if (s === 0) return;
    for (const target of stage) if (!edges.some((e) => e.target === target)) edges.push({ key: `e${edges.length}`, source: stages[s - 1]![0]!, target, label: { width: 120, height: 21 } });
  });
  return { nodes: stages.flat().map((id) => ({ id, width: 220, height: 88 })), edges };
}

describe('fast layered layout', () => {
  it('lays out a small graph with a cycle and a self-loop soundly', () => {
    const result = fastLayout(small);
    expect([...result.nodes.keys()]).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expectSound(small, result);
    const b = result.nodes.get('B')!;
    const loop = result.edges.get('e3')!.points;
    expect(Math.max(...loop.map((p) => p.x - b.x - b.width))).toBeGreaterThanOrEqual(16);
  });

  it('lays out the 200-node procedure soundly, top to bottom, in milliseconds', () => {
    const input = generated(200);
    fastLayout(input);
    const started = performance.now();
    const result = fastLayout(input);
    const ms = performance.now() - started;
    expectSound(input, result);
    // The start on top, the end at the bottom.
    const ys = [...result.nodes.values()].map((b) => b.y);
    expect(result.nodes.get('n1')!.y).toBe(Math.min(...ys));
    expect(result.nodes.get('n200')!.y).toBe(Math.max(...ys));
    expect(input.edges.length).toBeGreaterThan(300);
    // ELK takes one to two seconds on this graph; the bound leaves room for a busy machine.
    expect(ms).toBeLessThan(250);
  });

  it('draws the same layout for the same graph', () => {
    const input = generated(120);
    expect(fastLayout(input)).toEqual(fastLayout(input));
  });

  it('leaves out edges to nodes the graph lacks and repeated node ids', () => {
    const result = fastLayout({ nodes: [...small.nodes, { id: 'A', width: 240, height: 92 }], edges: [...small.edges, { key: 'e9', source: 'A', target: 'Z', label: null }] });
    expect(result.nodes.size).toBe(6);
    expect(result.edges.has('e9')).toBe(false);
  });
});
