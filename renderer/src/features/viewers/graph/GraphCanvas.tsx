import { Background, BackgroundVariant, MiniMap, ReactFlow, useStore, type NodeTypes, type EdgeTypes } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './graphViewer.css';
import type { SopFlowEdge, SopFlowNode } from './flowElements';
import { NODE_TYPE_STYLE } from './nodeTypeStyle';
import { SopEdge } from './SopEdge';
import { SopNode } from './SopNode';
import { EDGE_TEXT_ZOOM, MAX_ZOOM, MIN_ZOOM, type Viewport } from './viewport';

const nodeTypes: NodeTypes = { sop: SopNode };
const edgeTypes: EdgeTypes = { sop: SopEdge };

/** Above this many nodes only what is in view is rendered (React Flow's own virtualisation). */
const VIRTUALISE_FROM = 60;

interface Props {
  /** The viewport of the first frame. */
  initialView: Viewport;
  /** Width over height of the laid-out graph, to shape the minimap like it. */
  aspect: number;
  nodes: SopFlowNode[];
  edges: SopFlowEdge[];
  minimap: boolean;
  /** A click on empty canvas. */
  onPaneClick(): void;
  onEdgeClick(key: string): void;
  onNodeClick(id: string): void;
  /** The canvas can take viewport commands. */
  onInit(): void;
  /** The reviewer started moving the view (drag, wheel, pinch, the minimap). */
  onUserMove(): void;
}

/**
 * The pannable, zoomable canvas. Nothing on it can be dragged, connected or deleted: it is
 * for reading. Keys and buttons are the viewer's (see useGraphKeys).
 */
export function GraphCanvas({ initialView, aspect, nodes, edges, minimap, onPaneClick, onEdgeClick, onNodeClick, onInit, onUserMove }: Props) {
  // About 24,000 px² whatever the graph's shape: a tall procedure gets a tall minimap.
  const ratio = Math.min(2.2, Math.max(0.45, aspect || 1));
  const minimapSize = { width: Math.round(Math.sqrt(24_000 * ratio)), height: Math.round(Math.sqrt(24_000 / ratio)) };
  // Zoomed too far out to read (a large graph fitted): cards become blocks of their type's
  // colour and edges hairlines (graphViewer.css), so the procedure's shape reads at a glance.
  const far = useStore((s) => s.transform[2] < EDGE_TEXT_ZOOM);
  return (
    <ReactFlow<SopFlowNode, SopFlowEdge>
      className="sop-canvas"
      data-far={far}
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      nodesDraggable={false}
      nodesConnectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      elementsSelectable={false}
      deleteKeyCode={null}
      selectionKeyCode={null}
      multiSelectionKeyCode={null}
      zoomOnDoubleClick={false}
      defaultViewport={initialView}
      minZoom={MIN_ZOOM}
      maxZoom={MAX_ZOOM}
      onlyRenderVisibleElements={nodes.length > VIRTUALISE_FROM}
      onPaneClick={onPaneClick}
      onInit={onInit}
      // Programmatic moves come without an event; only the reviewer's own make the view theirs.
      onMoveStart={(event) => event && onUserMove()}
      onEdgeClick={(_event, edge) => onEdgeClick(edge.id)}
      // Also what makes React Flow let pointer events reach nodes that cannot be selected.
      onNodeClick={(_event, node) => onNodeClick(node.id)}
      attributionPosition="top-right"
    >
      <Background variant={BackgroundVariant.Dots} gap={22} size={1.2} color="#d6dce3" />
      {minimap && (
        <MiniMap<SopFlowNode>
          pannable
          zoomable
          ariaLabel="Minimap"
          nodeColor={(node) => NODE_TYPE_STYLE[node.data.view.node.type].color}
          nodeStrokeWidth={0}
          nodeBorderRadius={6}
          maskColor="rgba(29, 39, 51, 0.1)"
          maskStrokeColor="#2f5d8a"
          maskStrokeWidth={2}
          style={minimapSize}
        />
      )}
    </ReactFlow>
  );
}
