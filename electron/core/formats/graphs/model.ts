/**
 * The canonical SOP graph (DESIGN.md §3): what both source shapes — node/edge JSON with
 * `responsePathways` and the `[N1](type){…}` line format — are mapped to, stored as an item's
 * payload, and drawn by the graph viewer. Types only, so browser code can import it.
 *
 * Unknown source fields are never dropped: each graph, node, tool, variable, pathway,
 * condition and edge keeps them in `extra`, under their source names.
 */

/**
 * Which source shape a graph was read from. `workflow-text` is a plain-language workflow
 * (WorFBench's `Node: 1: … / Edges: (START,1) (1,2) … (n,END)`): numbered subtasks between a
 * named START and END, with no tools or conditions, so only its structure is checked.
 */
export type GraphSourceFormat = 'sop-graph-json' | 'flowgraph-lines' | 'workflow-text';

/**
 * Normalised node type. `start`/`end` mark where the procedure begins and finishes; the line
 * format's `message` (agent says something) and `api` (agent calls a tool) are kept; `task` is
 * a JSON node between start and end; `other` is any type the source names that is none of these
 * (the source's own word stays in {@link SopGraphNode.sourceType}).
 */
export type SopNodeType = 'start' | 'end' | 'message' | 'api' | 'task' | 'other';

/** Unknown fields of a source object, under their source names (never `__proto__`). */
export type ExtraFields = Record<string, unknown>;

/** One input a tool collects before it is called (JSON `extractVars`). */
export interface SopToolInput {
  name: string;
  /** Declared type as written (`string`, `bool`, …), or null. */
  type: string | null;
  description: string | null;
  extra: ExtraFields;
}

/** One field a tool returns (JSON `responseData`); conditions refer to it as `{name}`. */
export interface SopResponseField {
  name: string;
  /** The source's free-text description, e.g. `customerStatus (string): one of 'found', 'not_found'.` */
  description: string | null;
  /** Type named in parentheses in the description (`string`, `int`, `bool`), or null. */
  type: string | null;
  /**
   * Categorical values parsed from the description ("one of 'found', 'not_found'"), in source
   * order; null when the description declares none (then any value is accepted).
   */
  allowedValues: string[] | null;
  extra: ExtraFields;
}

/** A tool (API) a node calls. */
export interface SopTool {
  name: string | null;
  /** HTTP method as written (`GET`, `POST`, …). */
  method: string | null;
  url: string | null;
  description: string | null;
  /** The source's `condition` for calling the tool, when it gives one as text. */
  condition: string | null;
  inputs: SopToolInput[];
  responses: SopResponseField[];
  extra: ExtraFields;
}

/** One condition of a pathway; a pathway's conditions must all hold (conjunction). */
export interface SopCondition {
  /** Expression text, e.g. `{daysSinceDelivery} <= 30 && {finalSale} == false`. */
  expression: string;
  extra: ExtraFields;
}

/** Where a node goes next and when (JSON `responsePathways`); no conditions = always. */
export interface SopPathway {
  nextNodeId: string;
  conditions: SopCondition[];
  extra: ExtraFields;
}

/** A node of the procedure: one task (JSON) or one agent action (line format). */
export interface SopGraphNode {
  id: string;
  type: SopNodeType;
  /** Type exactly as the source wrote it (`start_message`, `api`, …); null when the source has none. */
  sourceType: string | null;
  /** JSON `task_name`; null in the line format. */
  name: string | null;
  /** JSON `task_description`, or the line format's `{description}`. */
  description: string | null;
  steps: string[];
  tools: SopTool[];
  /** Outgoing pathways with their conditions (JSON only; empty for the line format). */
  pathways: SopPathway[];
  /** 1-based line of the node in a line-format file; null for JSON. */
  sourceLine: number | null;
  extra: ExtraFields;
}

/**
 * Where an edge came from. `edge`: listed in the source's edges only; `pathway`: derived from a
 * node's pathway the edge list lacks (or the source has no edge list); `both`: a listed edge
 * matched to the pathway it draws.
 */
export type SopEdgeOrigin = 'edge' | 'pathway' | 'both';

/** A transition between two nodes, as drawn. */
export interface SopGraphEdge {
  /**
   * Unique key, by position in {@link SopGraph.edges}: `e0`, `e1`, …. Source edge ids may
   * repeat (line format) or be absent (JSON), so findings and labels locate edges by key.
   */
  key: string;
  /** Id as written in the source (`E3`), or null. */
  id: string | null;
  source: string;
  target: string;
  /** JSON `label`, or the line format's `{description}` (a customer reply or API output). */
  label: string | null;
  /** Condition expressions of the pathway this edge draws (all must hold); empty = always. */
  conditions: string[];
  origin: SopEdgeOrigin;
  /** Index of the matched pathway in the source node's `pathways`, or null. */
  pathwayIndex: number | null;
  /** 1-based line of the edge in a line-format file; null for JSON. */
  sourceLine: number | null;
  extra: ExtraFields;
}

/** A whole SOP graph: the canonical payload of an item of kind `graph`. */
export interface SopGraph {
  sourceFormat: GraphSourceFormat;
  /** The source's `id`, or null. */
  id: string | null;
  title: string | null;
  description: string | null;
  domain: string | null;
  nodes: SopGraphNode[];
  /**
   * Every transition: the source's edges plus, for JSON, any pathway the edge list lacks
   * (origin `pathway`), so the viewer can draw all transitions from this list alone.
   */
  edges: SopGraphEdge[];
  /** True when a JSON source had no edge list at all and every edge was derived from pathways. */
  edgesFromPathways: boolean;
  extra: ExtraFields;
}
