import type { Box, GraphLayout } from './elkLayout';
import { midpoint } from './edgePath';

/**
 * Where a unit is drawn: a node's card, an edge's text box (or the middle of its route when it
 * has no text). Null for units the layout does not have.
 */
export function unitBox(unit: { kind: string; id: string } | null, layout: GraphLayout | null): Box | null {
  if (!unit || !layout) return null;
  if (unit.kind === 'node') return layout.nodes.get(unit.id) ?? null;
  if (unit.kind === 'edge') {
    const route = layout.edges.get(unit.id);
    if (!route) return null;
    if (route.label) return route.label;
    const p = midpoint(route.points);
    return { x: p.x, y: p.y, width: 0, height: 0 };
  }
  return null;
}
