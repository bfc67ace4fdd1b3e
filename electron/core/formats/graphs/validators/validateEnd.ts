import type { GraphAnalysis } from '../graphAnalysis';
import { listNodes, nodeLabel } from '../graphIndex';
import type { FindingCollector } from './findingCollector';
import { effectiveStarts, isolated } from './validateStart';

/**
 * End nodes. JSON promises exactly one node without outgoing pathways: none, or several, is an
 * error naming them. The line format types its ends (`end_message`) and may legitimately end in
 * several places (success, apology): several ends are listed as info, while a node nothing
 * leaves that is not typed as an end is a dead end (error), and an end node with outgoing
 * edges is a warning. A plain-language workflow ends at its END: a node that does not lead on
 * is a warning (the text may simply leave the last step's edge to END out). A node with no
 * edges at all is reported once, as unreachable, never again as an end or a dead end.
 */
export function validateEnd(analysis: GraphAnalysis, out: FindingCollector): void {
  const { index } = analysis;
  const { graph } = index;
  // With a start, a node without edges is reported as unreachable; without one, as a dead end.
  const hasStart = effectiveStarts(analysis).length > 0;
  const reportedUnreachable = (position: number) => hasStart && isolated(index, position);
  if (graph.sourceFormat === 'sop-graph-json') {
    const candidates = graph.nodes.map((_, p) => p).filter((p) => index.outDegree[p] === 0);
    const connected = candidates.filter((p) => !reportedUnreachable(p));
    const ends = (connected.length > 0 ? connected : candidates).map((p) => graph.nodes[p]!);
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
  const workflow = graph.sourceFormat === 'workflow-text';
  const ends = graph.nodes.filter((node) => node.type === 'end');
  if (ends.length === 0) out.add('graph-single-end', 'error', null, workflow ? 'no end node: the workflow has no END' : 'no end node: no node has the type end_message');
  else if (ends.length > 1) out.add('graph-single-end', 'info', null, `the procedure can end at ${ends.length} nodes: ${listNodes(ends)}`);
  graph.nodes.forEach((node, position) => {
    const leaving = index.outDegree[position]!;
    if (node.type !== 'end' && leaving === 0) {
      if (reportedUnreachable(position)) return;
      if (workflow) out.add('graph-dead-end', 'warning', { node: node.id }, `node ${nodeLabel(node)} has no outgoing edge: it does not lead on to END`);
      else out.add('graph-dead-end', 'error', { node: node.id }, `node ${nodeLabel(node)} has no outgoing edge but is not an end node: the procedure stops there`);
    } else if (node.type === 'end' && leaving > 0) {
      out.add('graph-end-has-outgoing', 'warning', { node: node.id }, `end node ${nodeLabel(node)} has ${leaving} outgoing edge${leaving === 1 ? '' : 's'}`);
    }
  });
}
