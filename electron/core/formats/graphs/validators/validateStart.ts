import type { GraphAnalysis } from '../graphAnalysis';
import type { GraphIndex } from '../graphIndex';
import { listNodes, nodeLabel, reachableFrom } from '../graphIndex';
import type { FindingCollector } from './findingCollector';
import type { SopGraphEdge } from '../model';

/**
 * Exactly one start node, and every node reachable from it; a node nothing reaches is reported
 * as **unreachable**, by name.
 *
 * Where the start is named — the line format's `start_message`, a plain-language workflow's
 * START, or a JSON node whose `type` says start — only named nodes are starts: another node
 * without incoming edges is unreachable, not a second start. A JSON graph without a typed start
 * takes the node no transition enters; a node with no edges at all is never that start (it is
 * unreachable) unless no other candidate exists. With several starts, reachability counts from
 * any of them, so a second start is reported once (as a start), not again as unreachable.
 */
export function validateStart(analysis: GraphAnalysis, out: FindingCollector): void {
  const { index } = analysis;
  const { graph } = index;
  const isJson = graph.sourceFormat === 'sop-graph-json';
  const starts = effectiveStarts(analysis);
  if (starts.length === 0) {
    out.add(
      'graph-single-start',
      'error',
      null,
      graph.sourceFormat === 'workflow-text'
        ? 'no start node: the workflow has no START'
        : !isJson
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
      const why = isJson && node.sourceType === null ? 'no transition enters it, so it is one of' : 'it is one of';
      out.add('graph-single-start', 'error', { node: node.id }, `node ${nodeLabel(node)}: ${why} ${starts.length} start nodes (${all}); a procedure has exactly one start`);
    }
  }
  const reached = reachableFrom(index, starts);
  const danglingEnds = danglingEndsOf(graph.edges);
  const from = starts.length === 1 ? `the start node ${graph.nodes[starts[0]!]!.id}` : 'any start node';
  graph.nodes.forEach((node, position) => {
    if (reached[position]) return;
    const why = isolated(index, position) ? isolatedReason(danglingEnds.get(node.id)) : `no path from ${from} leads to it`;
    out.add('graph-unreachable-node', 'error', { node: node.id }, `node ${nodeLabel(node)} is unreachable: ${why}`);
  });
}

/** The starts the graph's format promises (see {@link validateStart}). */
export function effectiveStarts({ index, starts }: GraphAnalysis): number[] {
  const { graph } = index;
  if (graph.sourceFormat !== 'sop-graph-json') return starts;
  const named = starts.filter((p) => graph.nodes[p]!.sourceType !== null);
  if (named.length > 0) return named;
  const connected = starts.filter((p) => !isolated(index, p));
  return connected.length > 0 ? connected : starts;
}

/**
 * Why a node no edge of the graph enters or leaves has none: it has none in the source, or its
 * only edges lead to or from ids no node has (reported as dangling references on their own), so
 * "no edges at all" would contradict the edges the reader sees in the file.
 */
function isolatedReason(ends: ReadonlySet<string> | undefined): string {
  if (!ends || ends.size === 0) return 'it has no edges at all';
  const named = [...ends].map((end) => `'${end}'`).join(', ');
  return `its only ${ends.size === 1 ? 'edge connects' : 'edges connect'} it to ${named}, which no node has as its id`;
}

/** For each node id, the other ends of its edges, in one pass over the edges (not one per node). */
function danglingEndsOf(edges: readonly SopGraphEdge[]): Map<string, Set<string>> {
  const ends = new Map<string, Set<string>>();
  const add = (id: string, other: string) => {
    const set = ends.get(id);
    if (set) set.add(other);
    else ends.set(id, new Set([other]));
  };
  for (const edge of edges) {
    if (edge.source === edge.target) continue;
    add(edge.source, edge.target);
    add(edge.target, edge.source);
  }
  return ends;
}

/** A node no edge enters or leaves. */
export function isolated(index: GraphIndex, position: number): boolean {
  return index.inDegree[position] === 0 && index.outDegree[position] === 0;
}
