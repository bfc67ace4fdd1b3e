import { indexGraph, startNodes, type GraphIndex } from './graphIndex';
import type { SopGraph } from './model';
import { stronglyConnectedComponents, type Components } from './stronglyConnected';

/** What the validators share about one graph, computed once in O(nodes + edges). */
export interface GraphAnalysis {
  index: GraphIndex;
  /** Positions of the start nodes. */
  starts: number[];
  /** Strongly connected components over the edges whose both ends exist. */
  components: Components;
}

/** Indexes a graph and finds its starts and strongly connected components. */
export function analyseGraph(graph: SopGraph): GraphAnalysis {
  const index = indexGraph(graph);
  return { index, starts: startNodes(index), components: stronglyConnectedComponents(index.successors) };
}
