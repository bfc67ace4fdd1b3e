import type { SopGraph, SopGraphNode } from './model';

/**
 * Position-based lookup tables over a graph, built once in O(nodes + edges) so validators and
 * journey enumeration never scan the node or edge list per node. Nodes and edges are referred
 * to by their position in `graph.nodes` / `graph.edges`; a duplicated node id resolves to its
 * first occurrence.
 */
export interface GraphIndex {
  graph: SopGraph;
  /** Node id → position of its first occurrence. */
  nodeById: Map<string, number>;
  /** Per edge: position of its source node, or -1 when no node has that id. */
  edgeSource: Int32Array;
  /** Per edge: position of its target node, or -1 when no node has that id. */
  edgeTarget: Int32Array;
  /** Per node: positions of its outgoing edges whose target exists, in edge order. */
  outEdges: number[][];
  /** Per node: successor node positions (one per outgoing edge, repeats possible). */
  successors: number[][];
  /** Per node: incoming edges from an existing source. */
  inDegree: Int32Array;
  /** Per node: outgoing edges, counting those whose target does not exist (they still leave). */
  outDegree: Int32Array;
}

/** Builds the {@link GraphIndex} of a graph. */
export function indexGraph(graph: SopGraph): GraphIndex {
  const nodeCount = graph.nodes.length;
  const nodeById = new Map<string, number>();
  graph.nodes.forEach((node, position) => {
    if (!nodeById.has(node.id)) nodeById.set(node.id, position);
  });
  const edgeSource = new Int32Array(graph.edges.length);
  const edgeTarget = new Int32Array(graph.edges.length);
  const outEdges: number[][] = Array.from({ length: nodeCount }, () => []);
  const successors: number[][] = Array.from({ length: nodeCount }, () => []);
  const inDegree = new Int32Array(nodeCount);
  const outDegree = new Int32Array(nodeCount);
  graph.edges.forEach((edge, e) => {
    const source = nodeById.get(edge.source) ?? -1;
    const target = nodeById.get(edge.target) ?? -1;
    edgeSource[e] = source;
    edgeTarget[e] = target;
    if (source < 0) return;
    outDegree[source]!++;
    if (target < 0) return;
    inDegree[target]!++;
    outEdges[source]!.push(e);
    successors[source]!.push(target);
  });
  return { graph, nodeById, edgeSource, edgeTarget, outEdges, successors, inDegree, outDegree };
}

/** Positions of the start nodes (type `start`), in node order. */
export function startNodes(index: GraphIndex): number[] {
  const starts: number[] = [];
  index.graph.nodes.forEach((node, position) => {
    if (node.type === 'start') starts.push(position);
  });
  return starts;
}

/**
 * Whether a walk through the procedure ends at this node: an `end` node, or a node nothing
 * leaves (a dead end still ends the walk; validators say whether it should).
 */
export function isTerminal(index: GraphIndex, position: number): boolean {
  return index.graph.nodes[position]!.type === 'end' || index.outDegree[position] === 0;
}

/** Positions reachable from `roots` (roots included), breadth-first. */
export function reachableFrom(index: GraphIndex, roots: number[]): Uint8Array {
  const seen = new Uint8Array(index.graph.nodes.length);
  const queue: number[] = [];
  for (const root of roots) {
    if (!seen[root]) {
      seen[root] = 1;
      queue.push(root);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const next of index.successors[queue[head]!]!) {
      if (!seen[next]) {
        seen[next] = 1;
        queue.push(next);
      }
    }
  }
  return seen;
}

/** A node as a reviewer recognises it in a message: `5 (Close Case)`. */
export function nodeLabel(node: SopGraphNode): string {
  const caption = nodeCaption(node);
  return caption ? `${node.id} (${caption})` : node.id;
}

/** The node's name or description, shortened for messages; null when it has neither. */
export function nodeCaption(node: SopGraphNode): string | null {
  const text = node.name ?? node.description;
  if (!text) return null;
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Node labels joined for a message, at most `max` of them then "and N more". */
export function listNodes(nodes: SopGraphNode[], max = 8): string {
  const shown = nodes.slice(0, max).map(nodeLabel).join(', ');
  return nodes.length > max ? `${shown} and ${nodes.length - max} more` : shown;
}
