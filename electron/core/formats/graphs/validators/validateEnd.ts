import type { GraphAnalysis } from '../graphAnalysis';
import { listNodes, nodeLabel } from '../graphIndex';
import type { FindingCollector } from './findingCollector';

/**
 * End nodes. JSON promises exactly one node without outgoing pathways: none, or several, is an
 * error naming them. The line format types its ends (`end_message`) and may legitimately end in
 * several places (success, apology): several ends are listed as info, while a node nothing
 * leaves that is not typed as an end is a dead end (error), and an end node with outgoing
 * edges is a warning.
 */
export function validateEnd({ index }: GraphAnalysis, out: FindingCollector): void {
  const { graph } = index;
  if (graph.sourceFormat === 'sop-graph-json') {
    const ends = graph.nodes.filter((_, p) => index.outDegree[p] === 0);
    if (ends.length === 0) {
      out.add('graph-single-end', 'error', null, 'no end node: every node has an outgoing pathway, so the procedure never finishes');
    } else if (ends.length > 1) {
      const all = listNodes(ends);
      for (const node of ends) {
        out.add('graph-single-end', 'error', { node: node.id }, `node ${nodeLabel(node)} has no outgoing pathways, making it one of ${ends.length} end nodes (${all}); a procedure has exactly one end`);
      }
    }
    return;
  }
  const ends = graph.nodes.filter((node) => node.type === 'end');
  if (ends.length === 0) out.add('graph-single-end', 'error', null, 'no end node: no node has the type end_message');
  else if (ends.length > 1) out.add('graph-single-end', 'info', null, `the procedure can end at ${ends.length} nodes: ${listNodes(ends)}`);
  graph.nodes.forEach((node, position) => {
    const leaving = index.outDegree[position]!;
    if (node.type !== 'end' && leaving === 0) {
      out.add('graph-dead-end', 'error', { node: node.id }, `node ${nodeLabel(node)} has no outgoing edge but is not an end node: the procedure stops there`);
    } else if (node.type === 'end' && leaving > 0) {
      out.add('graph-end-has-outgoing', 'warning', { node: node.id }, `end node ${nodeLabel(node)} has ${leaving} outgoing edge${leaving === 1 ? '' : 's'}`);
    }
  });
}
