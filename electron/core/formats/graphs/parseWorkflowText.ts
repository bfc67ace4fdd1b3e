import type { SopGraph, SopGraphEdge, SopGraphNode } from './model';

/** The named start and end of a plain-language workflow. */
export const WORKFLOW_START = 'START';
export const WORKFLOW_END = 'END';

/** Why a text is not a workflow, for the caller's error message (which names the record and path). */
export class WorkflowTextError extends Error {}

const NODE_LINE = /^\s*(?:node\s*)?(\d+)\s*[:.)]\s*(.*)$/i;
const EDGE = /\(\s*([A-Za-z0-9_-]+)\s*,\s*([A-Za-z0-9_-]+)\s*\)/g;
const EDGES_HEADER = /^\s*(?:graph|edges?)\s*:/i;

/**
 * Reads a plain-language workflow as WorFBench writes it (the gold `graph_eval.json` answers):
 *
 * ```
 * Node:
 * 1: Find the user's reservation.
 * 2: Cancel it.
 * Edges: (START,1) (1,2) (2,END)
 * ```
 *
 * Node lines are `N: text`, `N. text` or `N) text` (a line that is none of these continues the
 * node before it); the edges are every `(a,b)` pair after the first `Edge:`, `Edges:` or
 * `Graph:` line, on one line or several. START and END become the start and end nodes (always
 * present, so a workflow that never mentions one is reported by the validators, not dropped).
 * Nodes and edges are kept as written: an edge to a node the list lacks is left to the
 * validators (a dangling reference), as is a node no edge reaches.
 *
 * @throws {WorkflowTextError} when the text has no numbered node or no `(a,b)` edge at all.
 */
export function parseWorkflowText(text: string): SopGraph {
  const lines = text.split(/\r\n|\r|\n/);
  const nodes: SopGraphNode[] = [node(WORKFLOW_START, 'start', null)];
  const edges: SopGraphEdge[] = [];
  let inEdges = false;
  let last: SopGraphNode | null = null;
  for (const line of lines) {
    if (!inEdges && EDGES_HEADER.test(line)) inEdges = true;
    if (inEdges) {
      for (const match of line.matchAll(EDGE)) edges.push(edge(edges.length, match[1]!, match[2]!));
      continue;
    }
    const numbered = NODE_LINE.exec(line);
    if (numbered) {
      last = node(numbered[1]!, 'task', numbered[2]!.trim());
      nodes.push(last);
    } else if (last && line.trim() !== '' && !/^\s*nodes?\s*:\s*$/i.test(line)) {
      last.description = `${last.description ?? ''} ${line.trim()}`.trim();
    }
  }
  if (nodes.length === 1) throw new WorkflowTextError('no numbered node ("1: …") before the edges');
  if (edges.length === 0) throw new WorkflowTextError('no edges ("Edges: (START,1) (1,2) …")');
  nodes.push(node(WORKFLOW_END, 'end', null));
  return {
    sourceFormat: 'workflow-text',
    id: null,
    title: null,
    description: null,
    domain: null,
    nodes,
    edges,
    edgesFromPathways: false,
    extra: Object.create(null) as Record<string, unknown>,
  };
}

function node(id: string, type: 'start' | 'end' | 'task', description: string | null): SopGraphNode {
  return {
    id,
    type,
    sourceType: null,
    name: null,
    description,
    steps: [],
    tools: [],
    pathways: [],
    sourceLine: null,
    extra: Object.create(null) as Record<string, unknown>,
  };
}

function edge(position: number, source: string, target: string): SopGraphEdge {
  return {
    key: `e${position}`,
    id: null,
    source,
    target,
    label: null,
    conditions: [],
    origin: 'edge',
    pathwayIndex: null,
    sourceLine: null,
    extra: Object.create(null) as Record<string, unknown>,
  };
}
