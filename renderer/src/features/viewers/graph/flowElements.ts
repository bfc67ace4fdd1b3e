import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { Box, GraphLayout, Point } from './elkLayout';
import type { EdgeView, GraphView, NodeView } from './graphView';
import type { Journey } from './journeyTypes';

/** What stands out on the canvas: the selected unit and the highlighted journey. */
export interface Emphasis {
  selectedNode: string | null;
  selectedEdge: string | null;
  journey: Journey | null;
}

/** Data of a node on the canvas. */
export type SopNodeData = {
  view: NodeView;
  selected: boolean;
  /** 1-based position in the highlighted journey, or null. */
  step: number | null;
  /** True when a journey is highlighted and this node is not on it. */
  dimmed: boolean;
};

/** Data of an edge on the canvas. */
export type SopEdgeData = {
  view: EdgeView;
  points: Point[];
  label: Box | null;
  selected: boolean;
  inJourney: boolean;
  dimmed: boolean;
};

export type SopFlowNode = Node<SopNodeData, 'sop'>;
export type SopFlowEdge = Edge<SopEdgeData, 'sop'>;

/** Stroke colours of edges by emphasis; the arrowhead takes the same colour. */
export const EDGE_COLOR = { normal: '#8794a4', selected: '#173f66', journey: '#2f5d8a' } as const;

/** The canvas nodes, placed where the layout put them. */
export function flowNodes(view: GraphView, layout: GraphLayout, emphasis: Emphasis): SopFlowNode[] {
  const steps = new Map(emphasis.journey?.nodes.map((id, i) => [id, i + 1]));
  const nodes: SopFlowNode[] = [];
  for (const nodeView of view.nodes) {
    const box = layout.nodes.get(nodeView.node.id);
    if (!box) continue;
    const step = steps.get(nodeView.node.id) ?? null;
    nodes.push({
      id: nodeView.node.id,
      type: 'sop',
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      data: { view: nodeView, selected: emphasis.selectedNode === nodeView.node.id, step, dimmed: emphasis.journey !== null && step === null },
    });
  }
  return nodes;
}

/** The canvas edges along the layout's routes; emphasised ones are drawn above the others. */
export function flowEdges(view: GraphView, layout: GraphLayout, emphasis: Emphasis): SopFlowEdge[] {
  const onJourney = new Set(emphasis.journey?.edges);
  const edges: SopFlowEdge[] = [];
  for (const edgeView of view.edges) {
    const key = edgeView.edge.key;
    const route = layout.edges.get(key);
    if (!route || route.points.length < 2) continue;
    const selected = emphasis.selectedEdge === key;
    const inJourney = onJourney.has(key);
    const color = selected ? EDGE_COLOR.selected : inJourney ? EDGE_COLOR.journey : EDGE_COLOR.normal;
    edges.push({
      id: key,
      type: 'sop',
      source: edgeView.edge.source,
      target: edgeView.edge.target,
      zIndex: selected || inJourney ? 1 : 0,
      markerEnd: { type: MarkerType.ArrowClosed, color, width: 14, height: 14 },
      data: { view: edgeView, points: route.points, label: route.label, selected, inJourney, dimmed: emphasis.journey !== null && !inJourney && !selected },
    });
  }
  return edges;
}
