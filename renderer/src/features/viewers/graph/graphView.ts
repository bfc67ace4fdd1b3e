import { edgeText, type EdgeText, type EdgeTextMode } from './edgeText';
import type { LayoutInput } from './elkLayout';
import { findingMarks, type FindingMark } from './findingMarks';
import type { Finding, SopGraph, SopGraphEdge, SopGraphNode } from './graphTypes';
import { labelSize } from './labelSize';

/** Size of every node card, in flow pixels; fixed so layout needs no measuring pass. */
export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 88;

/** A node as the viewer draws it. */
export interface NodeView {
  node: SopGraphNode;
  /** The headline: the task name, else the description (line format). */
  title: string;
  /** The description under a task name; null when the title already is the description. */
  subtitle: string | null;
  /** True when the title is an identifier (an API node's `get_booking`), drawn in monospace. */
  titleIsCode: boolean;
  mark: FindingMark | null;
}

/** An edge as the viewer draws it. */
export interface EdgeView {
  edge: SopGraphEdge;
  text: EdgeText;
  mark: FindingMark | null;
  selfLoop: boolean;
}

/** Everything the viewer draws of one graph, before layout. */
export interface GraphView {
  nodes: NodeView[];
  /** Edges between existing nodes, in source order. */
  edges: EdgeView[];
  nodeById: Map<string, NodeView>;
  edgeByKey: Map<string, EdgeView>;
  /** Edges that name a node the graph lacks: not drawable, listed in the overview. */
  danglingEdges: SopGraphEdge[];
  /** Node ids listed more than once; only the first is drawn. */
  duplicateNodeIds: string[];
  /**
   * True when transitions carry conditions (node/edge JSON); false for the line format, whose
   * edges say in words what the customer replied or the API returned.
   */
  conditional: boolean;
}

const IDENTIFIER = /^[\w.:/-]+$/;

/** Builds the {@link GraphView} of a graph with its findings pinned and edge text in `mode`. */
export function graphView(graph: SopGraph, findings: Finding[], mode: EdgeTextMode): GraphView {
  const marks = findingMarks(findings);
  const nodeById = new Map<string, NodeView>();
  const duplicateNodeIds: string[] = [];
  for (const node of graph.nodes) {
    if (nodeById.has(node.id)) {
      duplicateNodeIds.push(node.id);
      continue;
    }
    nodeById.set(node.id, nodeViewOf(node, marks.nodes.get(node.id) ?? null));
  }
  const edges: EdgeView[] = [];
  const danglingEdges: SopGraphEdge[] = [];
  for (const edge of graph.edges) {
    if (!nodeById.has(edge.source) || !nodeById.has(edge.target)) {
      danglingEdges.push(edge);
      continue;
    }
    edges.push({ edge, text: edgeText(edge, mode), mark: marks.edges.get(edge.key) ?? null, selfLoop: edge.source === edge.target });
  }
  return {
    nodes: [...nodeById.values()],
    edges,
    nodeById,
    edgeByKey: new Map(edges.map((e) => [e.edge.key, e])),
    danglingEdges,
    duplicateNodeIds,
    conditional: graph.sourceFormat === 'sop-graph-json',
  };
}

function nodeViewOf(node: SopGraphNode, mark: FindingMark | null): NodeView {
  const name = node.name?.trim() || null;
  const description = node.description?.trim() || null;
  const title = name ?? description ?? node.id;
  return {
    node,
    title,
    subtitle: name ? description : null,
    titleIsCode: !name && description !== null && IDENTIFIER.test(description),
    mark,
  };
}

/** The sizes the layout needs, with each edge's text measured in the given fonts. */
export function layoutInputOf(view: GraphView, fonts: { code: string; text: string }): LayoutInput {
  return {
    nodes: view.nodes.map((n) => ({ id: n.node.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: view.edges.map((e) => ({
      key: e.edge.key,
      source: e.edge.source,
      target: e.edge.target,
      label: labelSize(e.text, e.mark !== null, fonts),
    })),
  };
}
