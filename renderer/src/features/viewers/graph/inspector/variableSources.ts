import type { GraphView } from '../graphView';
import type { SopGraphEdge } from '../graphTypes';

/**
 * The `{variables}` an edge's conditions read and which tools return each (`Customer Lookup
 * (node 1)`), in order of first use, so a reviewer sees where a condition's data comes from.
 */
export function variableSources(edge: Pick<SopGraphEdge, 'conditions'>, graph: Pick<GraphView, 'nodes'>): { variable: string; returnedBy: string[] }[] {
  const variables: string[] = [];
  for (const condition of edge.conditions) {
    for (const match of condition.matchAll(/\{\s*([^{}\s]+)\s*\}/g)) {
      if (!variables.includes(match[1]!)) variables.push(match[1]!);
    }
  }
  return variables.map((variable) => ({
    variable,
    returnedBy: graph.nodes.flatMap(({ node }) =>
      node.tools.filter((tool) => tool.responses.some((r) => r.name === variable)).map((tool) => `${tool.name ?? 'a tool'} (node ${node.id})`),
    ),
  }));
}
