import { FormatError } from '../types';
import type { SopGraph, SopGraphEdge, SopGraphNode } from './model';
import { normaliseNodeType } from './nodeTypes';

/**
 * Reads the flowgraph line format (`flowgraph.txt`):
 *
 * ```
 * # comment
 * [N1](message){Ask for the booking reference}
 * [E1](N1, N2){Gives booking reference and last name}
 * ```
 *
 * A node line is `[id](type){description}`, an edge line `[id](source, target){description}`;
 * spaces between the parts are allowed, and so is a `# comment` after the closing brace. Blank
 * lines and lines starting with `#` are skipped. Edge ids may repeat, so edges are keyed by
 * position (`e0`, `e1`, …); edges may appear before the nodes they join; cycles are allowed.
 * Node ids that repeat or edges that name unknown nodes are left to the validators.
 *
 * @param firstLine the file line of the text's first line (1 for a whole file).
 * @throws {FormatError} for a malformed line, with its 1-based line and column.
 */
export function parseFlowgraphLines(text: string, firstLine = 1): SopGraph {
  const nodes: SopGraphNode[] = [];
  const edges: SopGraphEdge[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((content, i) => {
    const line = firstLine + i;
    const statement = parseLine(content, line);
    if (!statement) return;
    if (statement.kind === 'node') {
      nodes.push({
        id: statement.id,
        type: normaliseNodeType(statement.type),
        sourceType: statement.type,
        name: null,
        description: statement.description,
        steps: [],
        tools: [],
        pathways: [],
        sourceLine: line,
        extra: Object.create(null) as Record<string, unknown>,
      });
    } else {
      edges.push({
        key: `e${edges.length}`,
        id: statement.id,
        source: statement.source,
        target: statement.target,
        label: statement.description,
        conditions: [],
        origin: 'edge',
        pathwayIndex: null,
        sourceLine: line,
        extra: Object.create(null) as Record<string, unknown>,
      });
    }
  });
  return {
    sourceFormat: 'flowgraph-lines',
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

/** Whether a line is a node or edge statement, by its shape alone (for format detection). */
export const STATEMENT_START = /^\s*\[[^\]\n]*\]\s*\(/;

type Statement =
  | { kind: 'node'; id: string; type: string; description: string | null }
  | { kind: 'edge'; id: string; source: string; target: string; description: string | null };

function parseLine(content: string, line: number): Statement | null {
  const fail = (message: string, index: number): never => {
    throw new FormatError(message, line, index + 1);
  };
  let i = skipSpaces(content, 0);
  if (i >= content.length || content[i] === '#') return null;
  if (content[i] !== '[') fail(`expected '[' to start a node [N1](type){…} or an edge [E1](N1, N2){…}, found '${content[i]}'`, i);
  const closeId = content.indexOf(']', i + 1);
  if (closeId < 0) fail("unclosed '[': the id needs a closing ']'", i);
  const id = content.slice(i + 1, closeId).trim();
  if (!id) fail('empty id between [ and ]', i);

  i = skipSpaces(content, closeId + 1);
  if (content[i] !== '(') fail(`expected '(' after [${id}], with a node type or "source, target"`, i);
  const openParen = i;
  const closeParen = content.indexOf(')', i + 1);
  if (closeParen < 0) fail("unclosed '(': expected ')'", i);
  const inner = content.slice(openParen + 1, closeParen);

  i = skipSpaces(content, closeParen + 1);
  if (content[i] !== '{') fail(`expected '{' with a description after (${inner.trim()})`, i);
  const openBrace = i;
  // The description ends at the last '}', so braces inside it ("{name}") survive.
  const closeBrace = content.lastIndexOf('}');
  if (closeBrace <= openBrace) fail("unclosed '{': the description needs a closing '}'", openBrace);
  const after = skipSpaces(content, closeBrace + 1);
  if (after < content.length && content[after] !== '#') fail(`unexpected text after the closing '}'`, after);
  const description = content.slice(openBrace + 1, closeBrace).trim() || null;

  if (!inner.includes(',')) {
    const type = inner.trim();
    if (!type) fail(`empty node type in [${id}](): write e.g. (message)`, openParen + 1);
    return { kind: 'node', id, type, description };
  }
  const parts = inner.split(',');
  if (parts.length !== 2) {
    fail(`an edge joins exactly two nodes: expected (source, target), found ${parts.length} names`, openParen + 1);
  }
  const source = parts[0]!.trim();
  const target = parts[1]!.trim();
  if (!source) fail(`missing source node before ',' in [${id}]`, openParen + 1);
  if (!target) fail(`missing target node after ',' in [${id}]`, openParen + 1 + parts[0]!.length + 1);
  return { kind: 'edge', id, source, target, description };
}

function skipSpaces(content: string, from: number): number {
  let i = from;
  while (i < content.length && (content[i] === ' ' || content[i] === '\t')) i++;
  return i;
}
