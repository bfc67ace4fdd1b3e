import type { SopGraph } from '../model';
import type { FindingCollector } from './findingCollector';

/**
 * JSON graphs carry each transition twice: as a node's `responsePathways` entry (the logic) and
 * in the `edges` list (the drawing). The parser pairs them by source and target; whatever stays
 * unpaired disagrees: an edge no pathway backs (`extra`), or a pathway the edge list lacks
 * (`missing`). Skipped when the source had no edge list at all.
 */
export function validateEdgesMatchPathways(graph: SopGraph, out: FindingCollector): void {
  if (graph.sourceFormat !== 'sop-graph-json' || graph.edgesFromPathways) return;
  for (const edge of graph.edges) {
    const location = { edge: edge.key };
    if (edge.origin === 'edge') {
      const label = edge.label ? ` ("${edge.label}")` : '';
      out.add('graph-edge-mismatch', 'error', location, `extra edge ${edge.source} → ${edge.target}${label}: node ${edge.source} has no responsePathway to ${edge.target}`);
    } else if (edge.origin === 'pathway') {
      const when = edge.conditions.length > 0 ? ` (when ${edge.conditions.join(' and ')})` : '';
      out.add('graph-edge-mismatch', 'error', location, `missing edge ${edge.source} → ${edge.target}: node ${edge.source} has a responsePathway to ${edge.target}${when} that the edge list lacks`);
    }
  }
}
