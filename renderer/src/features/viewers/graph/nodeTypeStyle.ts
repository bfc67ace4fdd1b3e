import type { SopGraphNode, SopNodeType } from './graphTypes';

/** How a node type is drawn and named in the legend. */
export interface NodeTypeStyle {
  /** Legend and chip text. */
  label: string;
  /** Strong colour: stripe, chip, minimap. */
  color: string;
  /** Pale tint of the same hue: the card's background. */
  tint: string;
}

/**
 * One hue per node type, chosen apart from the severity colours (red, amber, blue-grey) so a
 * finding badge never reads as a node type. Start and end also differ in shape (see SopNode).
 */
export const NODE_TYPE_STYLE: Record<SopNodeType, NodeTypeStyle> = {
  start: { label: 'Start', color: '#2e7d4f', tint: '#eef7f1' },
  end: { label: 'End', color: '#3f4b5a', tint: '#f1f3f5' },
  task: { label: 'Task', color: '#2f5d8a', tint: '#f6f9fc' },
  message: { label: 'Message', color: '#00796b', tint: '#f2f9f8' },
  api: { label: 'API call', color: '#6b4fbb', tint: '#f7f5fc' },
  other: { label: 'Other', color: '#7a7f87', tint: '#f7f7f8' },
};

/** Legend order. */
export const NODE_TYPE_ORDER: SopNodeType[] = ['start', 'task', 'message', 'api', 'other', 'end'];

/** The node types present in a graph, in legend order. */
export function presentNodeTypes(nodes: Pick<SopGraphNode, 'type'>[]): SopNodeType[] {
  const present = new Set(nodes.map((n) => n.type));
  return NODE_TYPE_ORDER.filter((t) => present.has(t));
}

/**
 * The type word shown on a node: the source's own word when it names one (`start_message`,
 * `api`), so a reviewer sees what the file says, else the normalised type's label.
 */
export function nodeTypeWord(node: Pick<SopGraphNode, 'type' | 'sourceType'>): string {
  return node.sourceType?.trim() || NODE_TYPE_STYLE[node.type].label.toLowerCase();
}
