import type { NodeView } from './graphView';

/** A node as the search box lists it. */
export interface NodeHit {
  id: string;
  title: string;
}

/**
 * The nodes whose id or title contain `query` (case and spacing ignored), best first: an id
 * equal to the query, then ids starting with it, then titles starting with it, then the rest
 * in graph order. At most `limit`.
 *
 * @example searchNodes(views, 'n15') // → n15 first, then n150…n159
 */
export function searchNodes(nodes: readonly NodeView[], query: string, limit = 50): NodeHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return nodes.slice(0, limit).map(hitOf);
  const scored: { hit: NodeHit; score: number; order: number }[] = [];
  nodes.forEach((view, order) => {
    const id = view.node.id.toLowerCase();
    const title = view.title.toLowerCase();
    const score = id === q ? 0 : id.startsWith(q) ? 1 : title.startsWith(q) ? 2 : id.includes(q) ? 3 : title.includes(q) ? 4 : -1;
    if (score >= 0) scored.push({ hit: hitOf(view), score, order });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.hit);
}

function hitOf(view: NodeView): NodeHit {
  return { id: view.node.id, title: view.title };
}
