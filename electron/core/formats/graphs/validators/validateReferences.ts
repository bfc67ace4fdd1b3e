import type { GraphIndex } from '../graphIndex';
import { nodeLabel } from '../graphIndex';
import type { FindingCollector } from './findingCollector';

/** Edges and pathways that start or end at a node id no node has. */
export function validateReferences(index: GraphIndex, out: FindingCollector): void {
  index.graph.edges.forEach((edge, e) => {
    const location = { edge: edge.key };
    const source = index.edgeSource[e]!;
    if (source < 0) {
      out.add('graph-dangling-reference', 'error', location, `${describeEdge(edge.id, edge.source, edge.target)} starts at '${edge.source}', but no node has that id`);
    }
    if (index.edgeTarget[e]! >= 0) return;
    const message =
      edge.origin === 'edge' || source < 0
        ? `${describeEdge(edge.id, edge.source, edge.target)} points to '${edge.target}', but no node has that id`
        : `node ${nodeLabel(index.graph.nodes[source]!)} has a pathway to '${edge.target}', but no node has that id`;
    out.add('graph-dangling-reference', 'error', location, message);
  });
}

function describeEdge(id: string | null, source: string, target: string): string {
  return `edge ${id ? `${id} ` : ''}(${source} → ${target})`;
}
