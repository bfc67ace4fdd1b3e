import type { GraphAnalysis } from '../graphAnalysis';
import type { GraphIndex } from '../graphIndex';
import type { FindingCollector } from './findingCollector';

const MAX_NODES_IN_MESSAGE = 12;

/**
 * Cycles, one finding per strongly connected component that has one, located on the edge that
 * closes a shortest cycle through the component's first node and naming that cycle. The JSON
 * format and plain-language workflows (a topological order of subtasks) promise a DAG (error);
 * the line format allows cycles (info, so reviewers see them).
 */
export function validateCycles({ index, components }: GraphAnalysis, out: FindingCollector): void {
  const isJson = index.graph.sourceFormat !== 'flowgraph-lines';
  components.members.forEach((members, component) => {
    const first = members.reduce((a, b) => Math.min(a, b));
    const cycle = shortestCycleThrough(index, components.componentOf, component, first);
    if (!cycle) return;
    const ids = cycle.nodes.map((p) => index.graph.nodes[p]!.id);
    const shown = ids.length > MAX_NODES_IN_MESSAGE ? [...ids.slice(0, MAX_NODES_IN_MESSAGE), '…'] : ids;
    const path = [...shown, ids[0]].join(' → ');
    const size = members.length > ids.length ? ` (one of the cycles joining ${members.length} nodes)` : '';
    const message = !isJson
      ? `cycle ${path}${size}`
      : index.graph.sourceFormat === 'workflow-text'
        ? `cycle ${path}${size}: a workflow's subtasks are ordered, so it must be acyclic`
        : `cycle ${path}${size}: the JSON format promises an acyclic graph`;
    out.add('graph-cycle', isJson ? 'error' : 'info', { edge: index.graph.edges[cycle.closingEdge]!.key }, message);
  });
}

/**
 * Breadth-first search from `start` inside its component for the shortest way back to it.
 * Returns the cycle's nodes (from `start`) and the edge that returns to `start`, or null
 * when the component is a single node without a self-loop.
 */
function shortestCycleThrough(
  index: GraphIndex,
  componentOf: Int32Array,
  component: number,
  start: number,
): { nodes: number[]; closingEdge: number } | null {
  const parentEdge = new Map<number, number>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (const e of index.outEdges[v]!) {
      const w = index.edgeTarget[e]!;
      if (componentOf[w] !== component) continue;
      if (w === start) return { nodes: pathTo(index, parentEdge, v), closingEdge: e };
      if (!parentEdge.has(w)) {
        parentEdge.set(w, e);
        queue.push(w);
      }
    }
  }
  return null;
}

function pathTo(index: GraphIndex, parentEdge: Map<number, number>, last: number): number[] {
  const nodes = [last];
  for (let v = last; parentEdge.has(v); ) {
    v = index.edgeSource[parentEdge.get(v)!]!;
    nodes.push(v);
  }
  return nodes.reverse();
}
