import { describe, expect, it } from 'vitest';
import type { GraphLayout } from './elkLayout';
import { unitBox } from './unitBox';

const layout: GraphLayout = {
  width: 500,
  height: 500,
  nodes: new Map([['A', { x: 10, y: 20, width: 220, height: 88 }]]),
  edges: new Map([
    ['e0', { points: [{ x: 0, y: 0 }, { x: 0, y: 100 }], label: { x: 5, y: 40, width: 80, height: 21 } }],
    ['e1', { points: [{ x: 0, y: 0 }, { x: 0, y: 100 }], label: null }],
  ]),
};

describe('unitBox', () => {
  it("finds a node's card, an edge's text, or the middle of a bare edge", () => {
    expect(unitBox({ kind: 'node', id: 'A' }, layout)).toEqual({ x: 10, y: 20, width: 220, height: 88 });
    expect(unitBox({ kind: 'edge', id: 'e0' }, layout)).toEqual({ x: 5, y: 40, width: 80, height: 21 });
    expect(unitBox({ kind: 'edge', id: 'e1' }, layout)).toEqual({ x: 0, y: 50, width: 0, height: 0 });
  });

  it('finds nothing for units the graph does not draw', () => {
    expect(unitBox({ kind: 'node', id: 'Z' }, layout)).toBeNull();
    expect(unitBox({ kind: 'step', id: '1' }, layout)).toBeNull();
    expect(unitBox(null, layout)).toBeNull();
  });
});
