import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../types';
import { parseFlowgraphLines } from './parseFlowgraphLines';
import { FORMATS } from '../../../testing/fixtures';

const example = readFileSync(path.join(FORMATS, 'flowgraph.txt'), 'utf8');

function formatError(text: string): Pick<FormatError, 'message' | 'line' | 'column'> {
  try {
    parseFlowgraphLines(text);
  } catch (error) {
    if (error instanceof FormatError) return { message: error.message, line: error.line, column: error.column };
    throw error;
  }
  throw new Error('expected a FormatError');
}

describe('parseFlowgraphLines on fixtures/formats/flowgraph.txt', () => {
  const graph = parseFlowgraphLines(example);

  it('reads its nine nodes with types, descriptions and source lines', () => {
    expect(graph.sourceFormat).toBe('flowgraph-lines');
    expect(graph.nodes.map((n) => [n.id, n.type, n.sourceType, n.sourceLine])).toEqual([
      ['N0', 'start', 'start_message', 3],
      ['N1', 'message', 'message', 4],
      ['N2', 'api', 'api', 6],
      ['N3', 'message', 'message', 8],
      ['N4', 'message', 'message', 11],
      ['N5', 'api', 'api', 13],
      ['N6', 'api', 'api', 15],
      ['N7', 'end', 'end_message', 17],
      ['N8', 'end', 'end_message', 19],
    ]);
    expect(graph.nodes[2]!.description).toBe('get_booking');
    expect(graph.nodes[0]!.description).toBe('Greet the customer and ask how to help');
  });

  it('reads its nine edges keyed by position, with the descriptions as labels', () => {
    expect(graph.edges.map((e) => [e.key, e.id, e.source, e.target, e.label])).toEqual([
      ['e0', 'E0', 'N0', 'N1', 'Wants to change the date of a hotel stay'],
      ['e1', 'E1', 'N1', 'N2', 'Gives booking reference and last name'],
      ['e2', 'E2', 'N2', 'N3', 'Booking not found'],
      ['e3', 'E3', 'N3', 'N2', 'Gives a corrected reference'],
      ['e4', 'E4', 'N2', 'N4', 'Booking found'],
      ['e5', 'E5', 'N4', 'N5', 'Gives new dates'],
      ['e6', 'E6', 'N5', 'N6', 'Rooms available'],
      ['e7', 'E7', 'N6', 'N7', 'Change confirmed'],
      ['e8', 'E8', 'N5', 'N8', 'No rooms available'],
    ]);
    expect(graph.edges.every((e) => e.origin === 'edge' && e.conditions.length === 0)).toBe(true);
  });
});

describe('parseFlowgraphLines syntax', () => {
  it('keeps repeated edge ids as separate edges', () => {
    const graph = parseFlowgraphLines('[A](start_message){hi}\n[B](end_message){bye}\n[E1](A, B){yes}\n[E1](A, B){also yes}');
    expect(graph.edges.map((e) => [e.key, e.id, e.label])).toEqual([
      ['e0', 'E1', 'yes'],
      ['e1', 'E1', 'also yes'],
    ]);
  });

  it('allows spaces between parts, CRLF, a BOM, braces inside descriptions and a trailing comment', () => {
    const graph = parseFlowgraphLines('\uFEFF  [N1] (message) {Ask for {name}, then wait}  # why\r\n\r\n[E1]( N1 ,N2 ){ok}\r\n');
    expect(graph.nodes[0]).toMatchObject({ id: 'N1', description: 'Ask for {name}, then wait', sourceLine: 1 });
    expect(graph.edges[0]).toMatchObject({ source: 'N1', target: 'N2', label: 'ok', sourceLine: 3 });
  });

  it('reads an empty description as null and an unknown type as other', () => {
    const graph = parseFlowgraphLines('[N1](handoff){}');
    expect(graph.nodes[0]).toMatchObject({ type: 'other', sourceType: 'handoff', description: null });
  });

  it('reads a file of only comments and blank lines as an empty graph', () => {
    expect(parseFlowgraphLines('# nothing yet\n\n   \n# still nothing').nodes).toEqual([]);
  });

  it('offsets line numbers by firstLine', () => {
    expect(parseFlowgraphLines('[N1](message){a}', 10).nodes[0]!.sourceLine).toBe(10);
  });
});

describe('parseFlowgraphLines rejects malformed lines with line and column', () => {
  const ok = '# header\n[N0](start_message){hi}\n';
  it.each([
    { bad: 'N1(message){x}', message: "expected '[' to start a node [N1](type){…} or an edge [E1](N1, N2){…}, found 'N'", column: 1 },
    { bad: '  [N1(message){x}', message: "unclosed '[': the id needs a closing ']'", column: 3 },
    { bad: '[N1', message: "unclosed '[': the id needs a closing ']'", column: 1 },
    { bad: '[ ](message){x}', message: 'empty id between [ and ]', column: 1 },
    { bad: '[N1] {x}', message: "expected '(' after [N1], with a node type or \"source, target\"", column: 6 },
    { bad: '[N1](message{x}', message: "unclosed '(': expected ')'", column: 5 },
    { bad: '[N1](message)', message: "expected '{' with a description after (message)", column: 14 },
    { bad: '[N1](message) x', message: "expected '{' with a description after (message)", column: 15 },
    { bad: '[N1](message){x', message: "unclosed '{': the description needs a closing '}'", column: 14 },
    { bad: '[N1](message){x} y', message: "unexpected text after the closing '}'", column: 18 },
    { bad: '[N1]( ){x}', message: 'empty node type in [N1](): write e.g. (message)', column: 6 },
    { bad: '[E1](N1, N2, N3){x}', message: 'an edge joins exactly two nodes: expected (source, target), found 3 names', column: 6 },
    { bad: '[E1](, N2){x}', message: "missing source node before ',' in [E1]", column: 6 },
    { bad: '[E1](N1, ){x}', message: "missing target node after ',' in [E1]", column: 9 },
  ])('$bad → $message', ({ bad, message, column }) => {
    expect(formatError(`${ok}${bad}\n[N2](end_message){bye}`)).toEqual({ message, line: 3, column });
  });
});
