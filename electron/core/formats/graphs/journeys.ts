import { analyseGraph, type GraphAnalysis } from './graphAnalysis';
import { isTerminal } from './graphIndex';
import type { SopGraph } from './model';

/** One way through the procedure, from a start node to a node where it ends. */
export interface Journey {
  /** Node ids in order, start first. */
  nodes: string[];
  /** Keys of the edges taken (`e3`), one fewer than the nodes; parallel edges make distinct journeys. */
  edges: string[];
}

/** Bounds on the enumeration; the number of simple paths can grow exponentially with the graph. */
export interface JourneyLimits {
  /** Stop after this many journeys (default {@link DEFAULT_MAX_JOURNEYS}). */
  maxJourneys?: number;
  /** Stop after following this many edges in total (default {@link DEFAULT_MAX_STEPS}). */
  maxSteps?: number;
}

/** Result of {@link enumerateJourneys}. */
export interface JourneyEnumeration {
  journeys: Journey[];
  /** Why the enumeration stopped early (`count`: too many journeys, `steps`: too much search), or null when every journey is listed. */
  cappedBy: 'count' | 'steps' | null;
}

/** Default cap on listed journeys. */
export const DEFAULT_MAX_JOURNEYS = 1_000;
/** Default cap on edges followed while searching. */
export const DEFAULT_MAX_STEPS = 1_000_000;

/**
 * Lists the journeys of a graph: simple paths (no node twice, so cycles are walked at most
 * once around) from each start node to a node where the procedure ends (an `end` node, or a
 * node nothing leaves), in edge order, for review and highlighting. Depth-first with an explicit
 * stack, so a 10,000-node chain does not overflow the call stack. Bounded by `limits`; the
 * result says when it was capped.
 *
 * @example enumerateJourneys(graph).journeys[0] // → { nodes: ['1', '2', '3', '5'], edges: ['e0', 'e2', 'e4'] }
 */
export function enumerateJourneys(graph: SopGraph, limits: JourneyLimits = {}, analysis?: GraphAnalysis): JourneyEnumeration {
  const journeys: Journey[] = [];
  const cappedBy = walkJourneys(graph, limits, analysis, (pathNodes, pathEdges, last, lastEdge) => {
    const nodes = pathNodes.map((p) => graph.nodes[p]!.id);
    const edges = pathEdges.map((e) => graph.edges[e]!.key);
    if (lastEdge !== null) {
      nodes.push(graph.nodes[last]!.id);
      edges.push(graph.edges[lastEdge]!.key);
    }
    journeys.push({ nodes, edges });
  });
  return { journeys, cappedBy };
}

/** Counts journeys without building them (for item metadata); same bounds as {@link enumerateJourneys}. */
export function countJourneys(graph: SopGraph, limits: JourneyLimits = {}, analysis?: GraphAnalysis): { count: number; cappedBy: 'count' | 'steps' | null } {
  let count = 0;
  const cappedBy = walkJourneys(graph, limits, analysis, () => {
    count++;
  });
  return { count, cappedBy };
}

function walkJourneys(
  graph: SopGraph,
  { maxJourneys = DEFAULT_MAX_JOURNEYS, maxSteps = DEFAULT_MAX_STEPS }: JourneyLimits,
  analysis: GraphAnalysis = analyseGraph(graph),
  // Called with the path so far (not copied) and the final step; lastEdge is null for a
  // journey that is just its start node.
  found: (pathNodes: readonly number[], pathEdges: readonly number[], last: number, lastEdge: number | null) => void,
): 'count' | 'steps' | null {
  const { index, starts } = analysis;
  const onPath = new Uint8Array(graph.nodes.length);
  let journeys = 0;
  let steps = 0;
  const record = (pathNodes: readonly number[], pathEdges: readonly number[], last: number, lastEdge: number | null): boolean => {
    // Capped only when one more journey than the cap exists, so exactly-the-cap is complete.
    if (journeys >= maxJourneys) return true;
    found(pathNodes, pathEdges, last, lastEdge);
    journeys++;
    return false;
  };
  for (const start of starts) {
    if (isTerminal(index, start)) {
      if (record([start], [], start, null)) return 'count';
      continue;
    }
    const pathNodes = [start];
    const pathEdges: number[] = [];
    const nextChoice = [0];
    onPath[start] = 1;
    while (pathNodes.length > 0) {
      const top = pathNodes.length - 1;
      const v = pathNodes[top]!;
      const choices = index.outEdges[v]!;
      const i = nextChoice[top]!;
      if (i >= choices.length) {
        onPath[v] = 0;
        pathNodes.pop();
        nextChoice.pop();
        pathEdges.pop();
        continue;
      }
      nextChoice[top] = i + 1;
      if (++steps > maxSteps) return 'steps';
      const e = choices[i]!;
      const w = index.edgeTarget[e]!;
      if (onPath[w]) continue;
      if (isTerminal(index, w)) {
        if (record(pathNodes, pathEdges, w, e)) return 'count';
        continue;
      }
      onPath[w] = 1;
      pathNodes.push(w);
      pathEdges.push(e);
      nextChoice.push(0);
    }
  }
  return null;
}
