import type { SopGraph, SopGraphEdge, SopGraphNode } from './graphTypes';

/** A node with defaults, for tests. */
export function testNode(id: string, fields: Partial<SopGraphNode> = {}): SopGraphNode {
  return { id, type: 'task', sourceType: null, name: null, description: null, steps: [], tools: [], pathways: [], sourceLine: null, extra: {}, ...fields };
}

/** An edge with defaults, for tests; keys follow the list order like the importer's. */
export function testEdge(key: string, source: string, target: string, fields: Partial<SopGraphEdge> = {}): SopGraphEdge {
  return { key, id: null, source, target, label: null, conditions: [], origin: 'both', pathwayIndex: 0, sourceLine: null, extra: {}, ...fields };
}

/** A graph with defaults, for tests. */
export function testGraph(nodes: SopGraphNode[], edges: SopGraphEdge[], fields: Partial<SopGraph> = {}): SopGraph {
  return { sourceFormat: 'sop-graph-json', id: null, title: null, description: null, domain: null, nodes, edges, edgesFromPathways: false, extra: {}, ...fields };
}
