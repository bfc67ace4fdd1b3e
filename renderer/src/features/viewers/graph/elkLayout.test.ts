import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import passwordReset from '../../../../../fixtures/graph-password-reset.json';
import { fromElkLayout, toElkGraph, type Box, type GraphLayout, type LayoutInput } from './elkLayout';

// The same ELK the viewer runs in its worker, here in-process.
const elk = new ELK();

async function layout(input: LayoutInput): Promise<GraphLayout> {
  return fromElkLayout(await elk.layout(toElkGraph(input)));
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const onBorder = (p: { x: number; y: number }, b: Box) =>
  p.x >= b.x - 0.5 && p.x <= b.x + b.width + 0.5 && p.y >= b.y - 0.5 && p.y <= b.y + b.height + 0.5 &&
  (Math.abs(p.x - b.x) < 0.5 || Math.abs(p.x - b.x - b.width) < 0.5 || Math.abs(p.y - b.y) < 0.5 || Math.abs(p.y - b.y - b.height) < 0.5);

// graph-password-reset.json: 6 nodes, 9 edges including the self-loop B → B (e3).
const input: LayoutInput = {
  nodes: passwordReset.nodes.map((n) => ({ id: n.id, width: 240, height: 92 })),
  edges: passwordReset.edges.map((e, i) => ({ key: `e${i}`, source: e.source, target: e.target, label: { width: 150, height: 21 } })),
};

describe('ELK layout of a graph', () => {
  it('places every node without overlap and routes every edge from border to border', async () => {
    const result = await layout(input);
    expect([...result.nodes.keys()]).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    const boxes = [...result.nodes.values()];
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
    input.edges.forEach((e) => {
      const route = result.edges.get(e.key)!;
      expect(route.points.length).toBeGreaterThanOrEqual(2);
      expect(onBorder(route.points[0]!, result.nodes.get(e.source)!)).toBe(true);
      expect(onBorder(route.points.at(-1)!, result.nodes.get(e.target)!)).toBe(true);
    });
  });

  it('gives every label its own place, clear of nodes and of other labels', async () => {
    const result = await layout(input);
    const labels = [...result.edges.values()].map((e) => e.label!);
    expect(labels).toHaveLength(9);
    labels.forEach((label, i) => {
      for (const node of result.nodes.values()) expect(overlaps(label, node)).toBe(false);
      labels.slice(i + 1).forEach((other) => expect(overlaps(label, other)).toBe(false));
    });
  });

  it('draws the self-loop B → B as a visible loop outside the node', async () => {
    const result = await layout(input);
    const b = result.nodes.get('B')!;
    const loop = result.edges.get('e3')!.points;
    const furthest = Math.max(...loop.map((p) => Math.max(b.x - p.x, p.x - b.x - b.width, b.y - p.y, p.y - b.y - b.height)));
    expect(furthest).toBeGreaterThanOrEqual(16);
  });

  it('leaves out edges to nodes the graph lacks and repeated node ids', async () => {
    const result = await layout({
      nodes: [...input.nodes, { id: 'A', width: 240, height: 92 }],
      edges: [...input.edges, { key: 'e9', source: 'A', target: 'Z', label: null }],
    });
    expect(result.nodes.size).toBe(6);
    expect(result.edges.has('e9')).toBe(false);
  });

  it('keeps node and edge ids apart when a node is called like an edge key', async () => {
    const result = await layout({ nodes: [{ id: 'e0', width: 100, height: 50 }, { id: 'x', width: 100, height: 50 }], edges: [{ key: 'e0', source: 'e0', target: 'x', label: null }] });
    expect(result.nodes.has('e0')).toBe(true);
    expect(result.edges.get('e0')!.points.length).toBeGreaterThanOrEqual(2);
  });
});
