// The SOP-graph payload types, reached through the API layer (the renderer may not import
// electron/core). Types only.
export type {
  Finding,
  SopGraph,
  SopGraphEdge,
  SopGraphNode,
  SopNodeType,
  SopTool,
  SopResponseField,
  SopToolInput,
  SopEdgeOrigin,
} from '../../../../../electron/api/artifacts';
export type { ItemJourneys } from '../../../../../electron/api/contract';
