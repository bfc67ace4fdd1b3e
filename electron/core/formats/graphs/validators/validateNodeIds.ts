import type { SopGraph } from '../model';
import { nodeCaption } from '../graphIndex';
import type { FindingCollector } from './findingCollector';

/** Duplicate node ids: an error per repeat, naming both nodes (JSON position or source line). */
export function validateNodeIds(graph: SopGraph, out: FindingCollector): void {
  const first = new Map<string, number>();
  graph.nodes.forEach((node, position) => {
    const earlier = first.get(node.id);
    if (earlier === undefined) {
      first.set(node.id, position);
      return;
    }
    out.add(
      'graph-duplicate-node-id',
      'error',
      { node: node.id },
      `node id '${node.id}' is used by two nodes: ${where(graph, earlier)} and ${where(graph, position)}`,
    );
  });
}

function where(graph: SopGraph, position: number): string {
  const node = graph.nodes[position]!;
  const at = node.sourceLine !== null ? `line ${node.sourceLine}` : `nodes[${position}]`;
  const caption = nodeCaption(node);
  return caption ? `${at} (${caption})` : at;
}
