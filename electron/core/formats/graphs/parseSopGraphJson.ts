import type { Finding } from '../types';
import { fieldPath, JsonShape } from './jsonShape';
import type {
  SopCondition,
  SopGraph,
  SopGraphEdge,
  SopGraphNode,
  SopPathway,
  SopResponseField,
  SopTool,
  SopToolInput,
} from './model';
import { normaliseNodeType } from './nodeTypes';
import { parseResponseDescription, type ResponseDeclaration } from './responseDescription';

const GRAPH_FIELDS = new Set(['id', 'title', 'description', 'domain', 'nodes', 'edges']);
const NODE_FIELDS = new Set(['id', 'type', 'task_name', 'task_description', 'steps', 'tools', 'responsePathways']);
const TOOL_FIELDS = new Set(['name', 'method', 'url', 'tool_description', 'condition', 'extractVars', 'responseData']);
const INPUT_FIELDS = new Set(['variableName', 'type', 'description']);
const RESPONSE_FIELDS = new Set(['name', 'context']);
const PATHWAY_FIELDS = new Set(['nextNodeId', 'conditions']);
const CONDITION_FIELDS = new Set(['algebraicExpression']);
const EDGE_FIELDS = new Set(['id', 'source', 'target', 'label']);

/** A graph read from JSON, with the notes made while reading it (skipped reserved keys). */
export interface ParsedGraph {
  graph: SopGraph;
  findings: Finding[];
}

/**
 * Maps one node/edge JSON graph (the shape of `sop-graph.json`) to the canonical {@link SopGraph}.
 *
 * Node types: a node's own `type` field when present, else from structure — the node no
 * transition enters is the `start`, a node nothing leaves is the `end`, the rest are `task`s.
 * Edges: each listed edge is paired with a `responsePathways` entry of the same source and
 * target (and takes its conditions); pathways left unpaired become edges of origin `pathway`.
 *
 * @param path prefix of field paths in messages (`[2]` for the third graph of an array).
 * @throws {FormatError} when a field has the wrong type, naming it:
 *   `nodes[3].responsePathways[0].nextNodeId: expected a string, found 5` (shapeErrors.ts).
 */
export function parseSopGraphJson(record: unknown, line: number | null, path = ''): ParsedGraph {
  const findings: Finding[] = [];
  const shape: GraphShape = new GraphShape(line, findings);
  const root = shape.object(record, path);
  const nodeList = Object.hasOwn(root, 'nodes') ? root.nodes : undefined;
  if (!Array.isArray(nodeList)) shape.fail(fieldPath(path, 'nodes'), 'an array of nodes', nodeList);
  const nodesPath = fieldPath(path, 'nodes');
  const nodes = nodeList.map((value, i) => readNode(shape, value, `${nodesPath}[${i}]`));
  const edgeList = shape.optionalArray(root, 'edges', path);
  const edgesPath = fieldPath(path, 'edges');
  const listed = edgeList?.map((value, i) => readEdge(shape, value, `${edgesPath}[${i}]`)) ?? null;
  const edges = pairEdgesWithPathways(nodes, listed);
  inferNodeTypes(nodes, edges);
  const graph: SopGraph = {
    sourceFormat: 'sop-graph-json',
    id: shape.optionalString(root, 'id', path),
    title: shape.optionalString(root, 'title', path),
    description: shape.optionalString(root, 'description', path),
    domain: shape.optionalString(root, 'domain', path),
    nodes,
    edges,
    edgesFromPathways: listed === null,
    extra: shape.extra(root, GRAPH_FIELDS, path),
  };
  return { graph, findings };
}

/** JSON field readers plus a cache of response-field declarations: tools repeat across nodes. */
class GraphShape extends JsonShape {
  private readonly declarations = new Map<string, ResponseDeclaration>();

  declaration(text: string | null): ResponseDeclaration {
    if (text === null) return { type: null, allowedValues: null };
    let declaration = this.declarations.get(text);
    if (!declaration) {
      declaration = parseResponseDescription(text);
      this.declarations.set(text, declaration);
    }
    return declaration;
  }
}

function readNode(shape: GraphShape, value: unknown, path: string): SopGraphNode {
  const obj = shape.object(value, path);
  const sourceType = shape.optionalString(obj, 'type', path);
  const tools = (shape.optionalArray(obj, 'tools', path) ?? []).map((t, i) => readTool(shape, t, `${fieldPath(path, 'tools')}[${i}]`));
  const pathwaysPath = fieldPath(path, 'responsePathways');
  const pathways = (shape.optionalArray(obj, 'responsePathways', path) ?? []).map((p, i) => readPathway(shape, p, `${pathwaysPath}[${i}]`));
  return {
    id: shape.requiredString(obj, 'id', path),
    // Placeholder until inferNodeTypes has seen the edges; an explicit type is final.
    type: sourceType === null ? 'task' : normaliseNodeType(sourceType),
    sourceType,
    name: shape.optionalString(obj, 'task_name', path),
    description: shape.optionalString(obj, 'task_description', path),
    steps: shape.stringList(obj, 'steps', path),
    tools,
    pathways,
    sourceLine: null,
    extra: shape.extra(obj, NODE_FIELDS, path),
  };
}

function readTool(shape: GraphShape, value: unknown, path: string): SopTool {
  const obj = shape.object(value, path);
  const inputsPath = fieldPath(path, 'extractVars');
  const responsesPath = fieldPath(path, 'responseData');
  return {
    name: shape.optionalString(obj, 'name', path),
    method: shape.optionalString(obj, 'method', path),
    url: shape.optionalString(obj, 'url', path),
    description: shape.optionalString(obj, 'tool_description', path),
    condition: shape.optionalString(obj, 'condition', path),
    inputs: (shape.optionalArray(obj, 'extractVars', path) ?? []).map((v, i) => readInput(shape, v, `${inputsPath}[${i}]`)),
    responses: (shape.optionalArray(obj, 'responseData', path) ?? []).map((r, i) => readResponse(shape, r, `${responsesPath}[${i}]`)),
    extra: shape.extra(obj, TOOL_FIELDS, path),
  };
}

function readInput(shape: GraphShape, value: unknown, path: string): SopToolInput {
  const obj = shape.object(value, path);
  return {
    name: shape.requiredString(obj, 'variableName', path),
    type: shape.optionalString(obj, 'type', path),
    description: shape.optionalString(obj, 'description', path),
    extra: shape.extra(obj, INPUT_FIELDS, path),
  };
}

function readResponse(shape: GraphShape, value: unknown, path: string): SopResponseField {
  const obj = shape.object(value, path);
  const description = shape.optionalString(obj, 'context', path);
  const { type, allowedValues } = shape.declaration(description);
  return {
    name: shape.requiredString(obj, 'name', path),
    description,
    type,
    // A copy per field: the declaration is cached per text and shared.
    allowedValues: allowedValues && [...allowedValues],
    extra: shape.extra(obj, RESPONSE_FIELDS, path),
  };
}

function readPathway(shape: GraphShape, value: unknown, path: string): SopPathway {
  const obj = shape.object(value, path);
  const conditionsPath = fieldPath(path, 'conditions');
  return {
    nextNodeId: shape.requiredString(obj, 'nextNodeId', path),
    conditions: (shape.optionalArray(obj, 'conditions', path) ?? []).map((c, i) => readCondition(shape, c, `${conditionsPath}[${i}]`)),
    extra: shape.extra(obj, PATHWAY_FIELDS, path),
  };
}

/** A condition is `{ "algebraicExpression": "…" }`; a bare string is accepted as the expression. */
function readCondition(shape: GraphShape, value: unknown, path: string): SopCondition {
  if (typeof value === 'string') return { expression: value, extra: Object.create(null) as Record<string, unknown> };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    shape.fail(path, 'an object with an algebraicExpression (or an expression string)', value);
  }
  const obj = value as Record<string, unknown>;
  return {
    expression: shape.requiredString(obj, 'algebraicExpression', path),
    extra: shape.extra(obj, CONDITION_FIELDS, path),
  };
}

interface ListedEdge {
  id: string | null;
  source: string;
  target: string;
  label: string | null;
  extra: Record<string, unknown>;
}

function readEdge(shape: GraphShape, value: unknown, path: string): ListedEdge {
  const obj = shape.object(value, path);
  return {
    id: shape.optionalString(obj, 'id', path),
    source: shape.requiredString(obj, 'source', path),
    target: shape.requiredString(obj, 'target', path),
    label: shape.optionalString(obj, 'label', path),
    extra: shape.extra(obj, EDGE_FIELDS, path),
  };
}

interface PathwayRef {
  source: string;
  index: number;
  pathway: SopPathway;
  paired: boolean;
}

/**
 * Pairs listed edges with pathways of the same source → target, first come first served, in
 * O(edges + pathways). Listed edges keep their order; unpaired pathways follow, in node order.
 */
function pairEdgesWithPathways(nodes: SopGraphNode[], listed: ListedEdge[] | null): SopGraphEdge[] {
  const refs: PathwayRef[] = [];
  // source → target → pathways; nested maps, not a joined string key, so no id can collide.
  const bySource = new Map<string, Map<string, PathwayRef[]>>();
  for (const node of nodes) {
    node.pathways.forEach((pathway, index) => {
      const ref = { source: node.id, index, pathway, paired: false };
      refs.push(ref);
      let byTarget = bySource.get(node.id);
      if (!byTarget) bySource.set(node.id, (byTarget = new Map()));
      const list = byTarget.get(pathway.nextNodeId);
      if (list) list.push(ref);
      else byTarget.set(pathway.nextNodeId, [ref]);
    });
  }
  const edges: SopGraphEdge[] = [];
  for (const edge of listed ?? []) {
    const ref = bySource.get(edge.source)?.get(edge.target)?.find((r) => !r.paired);
    if (ref) ref.paired = true;
    edges.push({
      key: `e${edges.length}`,
      id: edge.id,
      source: edge.source,
      target: edge.target,
      label: edge.label,
      conditions: ref ? ref.pathway.conditions.map((c) => c.expression) : [],
      origin: ref ? 'both' : 'edge',
      pathwayIndex: ref ? ref.index : null,
      sourceLine: null,
      extra: edge.extra,
    });
  }
  for (const ref of refs) {
    if (ref.paired) continue;
    edges.push({
      key: `e${edges.length}`,
      id: null,
      source: ref.source,
      target: ref.pathway.nextNodeId,
      label: null,
      conditions: ref.pathway.conditions.map((c) => c.expression),
      origin: 'pathway',
      pathwayIndex: ref.index,
      sourceLine: null,
      extra: Object.create(null) as Record<string, unknown>,
    });
  }
  return edges;
}

/** Structural types for nodes without an explicit `type`: no way in → start, no way out → end. */
function inferNodeTypes(nodes: SopGraphNode[], edges: SopGraphEdge[]): void {
  const known = new Set(nodes.map((n) => n.id));
  const entered = new Set<string>();
  const left = new Set<string>();
  for (const edge of edges) {
    if (!known.has(edge.source)) continue;
    left.add(edge.source);
    if (edge.source !== edge.target) entered.add(edge.target);
  }
  for (const node of nodes) {
    if (node.sourceType !== null) continue;
    node.type = !entered.has(node.id) ? 'start' : !left.has(node.id) ? 'end' : 'task';
  }
}
