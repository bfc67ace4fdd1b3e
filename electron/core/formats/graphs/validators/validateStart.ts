import type { GraphAnalysis } from '../graphAnalysis';
import { listNodes, nodeLabel, reachableFrom } from '../graphIndex';
import type { FindingCollector } from './findingCollector';

/**
 * Exactly one start node, and every node reachable from it. In JSON the start is the node no
 * transition enters (the format has no node types); in the line format it is the node typed
 * `start_message`. With several starts, reachability counts from any of them, so a second
 * start is reported once (as a start), not again as unreachable.
 */
export function validateStart({ index, starts }: GraphAnalysis, out: FindingCollector): void {
  const { graph } = index;
  const isJson = graph.sourceFormat === 'sop-graph-json';
  if (starts.length === 0) {
    out.add(
      'graph-single-start',
      'error',
      null,
      !isJson
        ? 'no start node: no node has the type start_message'
        : graph.nodes.every((node) => node.sourceType === null)
          ? 'no start node: every node has an incoming transition, so none of them can be where the procedure begins'
          : 'no start node: no node is typed as a start, and every node without a type has an incoming transition',
    );
    return;
  }
  if (starts.length > 1) {
    const all = listNodes(starts.map((p) => graph.nodes[p]!));
    for (const position of starts) {
      const node = graph.nodes[position]!;
      const why = isJson ? 'no transition enters it, so it is one of' : 'it is one of';
      out.add('graph-single-start', 'error', { node: node.id }, `node ${nodeLabel(node)}: ${why} ${starts.length} start nodes (${all}); a procedure has exactly one start`);
    }
  }
  const reached = reachableFrom(index, starts);
  const from = starts.length === 1 ? `the start node ${graph.nodes[starts[0]!]!.id}` : 'any start node';
  graph.nodes.forEach((node, position) => {
    if (!reached[position]) {
      out.add('graph-unreachable-node', 'error', { node: node.id }, `node ${nodeLabel(node)} cannot be reached from ${from}`);
    }
  });
}
