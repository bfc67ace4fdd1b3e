import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../types';
import { parseFlowgraphLines } from '../parseFlowgraphLines';
import { parseSopGraphJson } from '../parseSopGraphJson';
import { jsonNode, returning } from '../../../../testing/graphBuilders';
import { MAX_FINDINGS_PER_VALIDATOR } from './findingCollector';
import { validateGraph } from './validateGraph';
import { FORMATS } from '../../../../testing/fixtures';


function validateJson(record: Record<string, unknown>): Finding[] {
  return validateGraph(parseSopGraphJson(record, 1).graph);
}

function validateLines(text: string): Finding[] {
  return validateGraph(parseFlowgraphLines(text));
}

/** `validator severity location: message`, one line per finding, to compare whole lists at once. */
function brief(findings: Finding[]): string[] {
  return findings.map((f) => `${f.validator} ${f.severity} ${JSON.stringify(f.location)}: ${f.message}`);
}

function only(findings: Finding[], validator: string): string[] {
  return brief(findings.filter((f) => f.validator === validator));
}

describe('validateGraph on the examples of fixtures/formats', () => {
  it('finds nothing wrong in sop-graph.json (checked by hand: one start 1, one end 5, acyclic, edges = pathways, every variable returned by its own node, values declared)', () => {
    const record = JSON.parse(readFileSync(path.join(FORMATS, 'sop-graph.json'), 'utf8')) as Record<string, unknown>;
    expect(validateJson(record)).toEqual([]);
  });

  it('notes the two endings and the retry loop of flowgraph.txt, and nothing else', () => {
    const findings = validateLines(readFileSync(path.join(FORMATS, 'flowgraph.txt'), 'utf8'));
    expect(brief(findings)).toEqual([
      'graph-single-end info null: the procedure can end at 2 nodes: N7 (Confirm the new dates and the price dif…), N8 (Apologise that no rooms are free on tho…)',
      'graph-cycle info {"edge":"e3"}: cycle N2 → N3 → N2',
    ]);
  });
});

describe('graph-empty', () => {
  it('fires on a graph without nodes, and alone', () => {
    expect(brief(validateJson({ nodes: [] }))).toEqual(['graph-empty error null: the graph has no nodes']);
    expect(brief(validateJson({ nodes: [], edges: [{ source: 'a', target: 'b' }] }))).toEqual([
      'graph-empty error null: the graph has no nodes (it lists 1 edges between nodes that do not exist)',
    ]);
    expect(brief(validateLines('# only a comment'))).toEqual(['graph-empty error null: the graph has no nodes']);
  });
});

describe('graph-duplicate-node-id', () => {
  it('names both JSON nodes by position', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b']]), jsonNode('b'), jsonNode('b', [], { task_name: 'Other b' })] });
    expect(only(findings, 'graph-duplicate-node-id')).toEqual([
      `graph-duplicate-node-id error {"node":"b"}: node id 'b' is used by two nodes: nodes[1] (Task b) and nodes[2] (Other b)`,
    ]);
  });

  it('names both line-format nodes by line', () => {
    const findings = validateLines('[S](start_message){hi}\n[S](message){again}\n[E](end_message){bye}\n[1](S, E){go}');
    expect(only(findings, 'graph-duplicate-node-id')).toEqual([
      `graph-duplicate-node-id error {"node":"S"}: node id 'S' is used by two nodes: line 1 (hi) and line 2 (again)`,
    ]);
  });
});

describe('graph-dangling-reference', () => {
  it('fires on a pathway to a missing node, on the edge that draws it', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b'], ['zz']]), jsonNode('b')] });
    expect(only(findings, 'graph-dangling-reference')).toEqual([
      `graph-dangling-reference error {"edge":"e1"}: node a (Task a) has a pathway to 'zz', but no node has that id`,
    ]);
  });

  it('fires on line-format edges from or to missing nodes', () => {
    const findings = validateLines('[S](start_message){hi}\n[E](end_message){bye}\n[1](S, E){ok}\n[2](S, X){?}\n[3](Y, E){?}');
    expect(only(findings, 'graph-dangling-reference')).toEqual([
      `graph-dangling-reference error {"edge":"e1"}: edge 2 (S → X) points to 'X', but no node has that id`,
      `graph-dangling-reference error {"edge":"e2"}: edge 3 (Y → E) starts at 'Y', but no node has that id`,
    ]);
  });
});

describe('graph-single-start and graph-unreachable-node', () => {
  it('reports a JSON graph where every node has a way in (no start)', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b']]), jsonNode('b', [['a'], ['c']]), jsonNode('c')] });
    expect(only(findings, 'graph-single-start')).toEqual([
      'graph-single-start error null: no start node: every node has an incoming transition, so none of them can be where the procedure begins',
    ]);
    expect(only(findings, 'graph-unreachable-node')).toEqual([]);
  });

  it('pins each of several JSON starts', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['c']]), jsonNode('b', [['c']]), jsonNode('c')] });
    expect(only(findings, 'graph-single-start')).toEqual([
      'graph-single-start error {"node":"a"}: node a (Task a): no transition enters it, so it is one of 2 start nodes (a (Task a), b (Task b)); a procedure has exactly one start',
      'graph-single-start error {"node":"b"}: node b (Task b): no transition enters it, so it is one of 2 start nodes (a (Task a), b (Task b)); a procedure has exactly one start',
    ]);
    expect(only(findings, 'graph-unreachable-node')).toEqual([]);
  });

  it('reports line-format graphs without or with two start_message nodes', () => {
    expect(only(validateLines('[A](message){a}\n[B](end_message){b}\n[1](A, B){x}'), 'graph-single-start')).toEqual([
      'graph-single-start error null: no start node: no node has the type start_message',
    ]);
    expect(only(validateLines('[A](start_message){a}\n[C](start_message){c}\n[B](end_message){b}\n[1](A, B){x}\n[2](C, B){y}'), 'graph-single-start')).toHaveLength(2);
  });

  it('reports nodes no path from the start reaches', () => {
    const lines = validateLines('[S](start_message){hi}\n[E](end_message){bye}\n[X](message){orphan}\n[1](S, E){ok}\n[2](X, E){?}');
    expect(only(lines, 'graph-unreachable-node')).toEqual([
      'graph-unreachable-node error {"node":"X"}: node X (orphan) is unreachable: no path from the start node S leads to it',
    ]);
    // In JSON a node without a way in is a start, so unreachable nodes are those only a detached loop enters.
    const json = validateJson({ nodes: [jsonNode('a', [['d']]), jsonNode('b', [['c']]), jsonNode('c', [['b'], ['d']]), jsonNode('d')] });
    expect(only(json, 'graph-unreachable-node')).toEqual([
      'graph-unreachable-node error {"node":"b"}: node b (Task b) is unreachable: no path from the start node a leads to it',
      'graph-unreachable-node error {"node":"c"}: node c (Task c) is unreachable: no path from the start node a leads to it',
    ]);
  });

  it('reports a JSON node with no edges at all as unreachable, not as a second start or end', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b']]), jsonNode('b'), jsonNode('lost')] });
    expect(brief(findings)).toEqual(['graph-unreachable-node error {"node":"lost"}: node lost (Task lost) is unreachable: it has no edges at all']);
  });

  it('where a JSON node is typed as the start, another node without incoming edges is unreachable, not a second start', () => {
    const findings = validateJson({ nodes: [{ ...jsonNode('a', [['c']]), type: 'start' }, jsonNode('b', [['c']]), jsonNode('c')] });
    expect(only(findings, 'graph-single-start')).toEqual([]);
    expect(only(findings, 'graph-unreachable-node')).toEqual([
      'graph-unreachable-node error {"node":"b"}: node b (Task b) is unreachable: no path from the start node a leads to it',
    ]);
  });

  it('reports a line-format node with no edges as unreachable, and not also as a dead end', () => {
    const findings = validateLines('[S](start_message){hi}\n[E](end_message){bye}\n[X](message){orphan}\n[1](S, E){ok}');
    expect(brief(findings)).toEqual(['graph-unreachable-node error {"node":"X"}: node X (orphan) is unreachable: it has no edges at all']);
  });
});

describe('end nodes', () => {
  it('JSON: several nodes without outgoing pathways are each an error', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b'], ['c']]), jsonNode('b'), jsonNode('c')] });
    expect(only(findings, 'graph-single-end')).toEqual([
      'graph-single-end error {"node":"b"}: node b (Task b) has no outgoing pathways, making it one of 2 end nodes (b (Task b), c (Task c)); a procedure has exactly one end',
      'graph-single-end error {"node":"c"}: node c (Task c) has no outgoing pathways, making it one of 2 end nodes (b (Task b), c (Task c)); a procedure has exactly one end',
    ]);
  });

  it('JSON: no node without outgoing pathways is an error', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b']]), jsonNode('b', [['c']]), jsonNode('c', [['b']])] });
    expect(only(findings, 'graph-single-end')).toEqual([
      'graph-single-end error null: no end node: every node has an outgoing pathway, so the procedure never finishes',
    ]);
  });

  it('line format: no end node, a dead end, and an end node that goes on', () => {
    const findings = validateLines('[S](start_message){hi}\n[M](message){m}\n[E](end_message){bye}\n[1](S, M){a}\n[2](S, E){b}\n[3](E, S){again}');
    expect(only(findings, 'graph-dead-end')).toEqual([
      'graph-dead-end error {"node":"M"}: node M (m) has no outgoing edge but is not an end node: the procedure stops there',
    ]);
    expect(only(findings, 'graph-end-has-outgoing')).toEqual(['graph-end-has-outgoing warning {"node":"E"}: end node E (bye) has 1 outgoing edge']);
    expect(only(validateLines('[S](start_message){hi}\n[M](message){m}\n[1](S, M){a}\n[2](M, S){b}'), 'graph-single-end')).toEqual([
      'graph-single-end error null: no end node: no node has the type end_message',
    ]);
  });
});

describe('graph-cycle', () => {
  it('is an error in JSON, located on the edge that closes the cycle', () => {
    const findings = validateJson({
      nodes: [jsonNode('a', [['b']]), jsonNode('b', [['c']]), jsonNode('c', [['b'], ['d']]), jsonNode('d')],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
        { source: 'c', target: 'b' },
        { source: 'c', target: 'd' },
      ],
    });
    expect(brief(findings)).toEqual(['graph-cycle error {"edge":"e2"}: cycle b → c → b: the JSON format promises an acyclic graph']);
  });

  it('is info in the line format, and finds self-loops', () => {
    const findings = validateLines('[S](start_message){hi}\n[E](end_message){bye}\n[1](S, S){say again}\n[2](S, E){ok}');
    expect(brief(findings)).toEqual(['graph-cycle info {"edge":"e0"}: cycle S → S']);
  });

  it('reports one shortest cycle per group of nodes on cycles together', () => {
    // b → c → b and b → c → d → b share nodes: one component, reported once, by its shortest cycle.
    const findings = validateLines(
      '[A](start_message){a}\n[B](message){b}\n[C](message){c}\n[D](message){d}\n[Z](end_message){z}\n' +
        '[1](A, B){}\n[2](B, C){}\n[3](C, D){}\n[4](D, B){}\n[5](C, B){}\n[6](D, Z){}',
    );
    expect(only(findings, 'graph-cycle')).toEqual(['graph-cycle info {"edge":"e4"}: cycle B → C → B (one of the cycles joining 3 nodes)']);
  });
});

describe('graph-edge-mismatch', () => {
  it('reports edges without a pathway and pathways without an edge', () => {
    const findings = validateJson({
      nodes: [jsonNode('a', [['b', "{s} == 'x'"], ['c']]), jsonNode('b', [['c']]), jsonNode('c')],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
        { source: 'a', target: 'c', label: 'skip' },
        { source: 'b', target: 'a', label: 'back' },
      ],
    });
    expect(only(findings, 'graph-edge-mismatch')).toEqual([
      'graph-edge-mismatch error {"edge":"e3"}: extra edge b → a ("back"): node b has no responsePathway to a',
    ]);
    const missing = validateJson({ nodes: [jsonNode('a', [['b', "{s} == 'x'"], ['c']]), jsonNode('b', [['c']]), jsonNode('c')], edges: [{ source: 'a', target: 'c' }, { source: 'b', target: 'c' }] });
    expect(only(missing, 'graph-edge-mismatch')).toEqual([
      `graph-edge-mismatch error {"edge":"e2"}: missing edge a → b: node a has a responsePathway to b (when {s} == 'x') that the edge list lacks`,
    ]);
  });

  it('stays quiet when the source has no edge list at all', () => {
    expect(only(validateJson({ nodes: [jsonNode('a', [['b']]), jsonNode('b')] }), 'graph-edge-mismatch')).toEqual([]);
  });
});

describe('conditions', () => {
  const tools = (fields: Record<string, string>, inputs: string[] = []) => ({ tools: [returning(fields, inputs)] });

  it('reports a condition that does not parse, with the column', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b', '{s} = 1']], tools({ s: 's (int)' })), jsonNode('b')] });
    expect(brief(findings)).toEqual([
      `graph-condition-parse error {"edge":"e0","field":"condition"}: the condition "{s} = 1" on a → b does not parse: use '==' to compare, not '=' (column 5)`,
    ]);
  });

  it('accepts variables returned on the node itself or on any node before it', () => {
    const findings = validateJson({
      nodes: [
        jsonNode('a', [['b', '{x} == 1'], ['c', '{x} != 1']], tools({ x: 'x (int)' })),
        jsonNode('b', [['d', '{y} > 0']], tools({ y: 'y (int)' })),
        jsonNode('c', [['d', '{x} > 2']]),
        // Reached through b or c: {y} comes before d on a path from the start (through b), which is enough.
        jsonNode('d', [['e', '{x} == 1 && {y} == 2']]),
        jsonNode('e'),
      ],
    });
    expect(brief(findings)).toEqual([]);
  });

  it('reports variables no tool returns, or returned only later', () => {
    const findings = validateJson({
      nodes: [
        jsonNode('a', [['b', "{status} == 'ok'"], ['c', '{ghost} == 1']]),
        jsonNode('b', [['c']], tools({ status: "status (string): one of 'ok', 'ko'" })),
        jsonNode('c'),
      ],
    });
    expect(only(findings, 'graph-condition-variable')).toEqual([
      `graph-condition-variable error {"edge":"e0","field":"condition"}: {status} in the condition "{status} == 'ok'" on a → b is returned only by b (Task b), which does not come before it on a path from the start`,
      'graph-condition-variable error {"edge":"e1","field":"condition"}: {ghost} in the condition "{ghost} == 1" on a → c is not returned by any tool in the graph',
    ]);
  });

  it('warns (not errs) when the variable is a tool input rather than a returned field', () => {
    const findings = validateJson({ nodes: [jsonNode('a', [['b', '{accepted} == true']], tools({ code: 'code (string)' }, ['accepted'])), jsonNode('b')] });
    expect(brief(findings)).toEqual([
      'graph-condition-variable warning {"edge":"e0","field":"condition"}: {accepted} in the condition "{accepted} == true" on a → b is an input a tool collects, not a field a tool returns',
    ]);
  });

  it('does not count tools on nodes off every path from the start', () => {
    const findings = validateJson({
      nodes: [
        jsonNode('a', [['b']]),
        jsonNode('b', [['c', '{x} == 1']]),
        jsonNode('c'),
        // An unreachable loop whose tool returns x feeds into b: it is before b, but on no path from the start.
        jsonNode('u', [['v']], tools({ x: 'x (int)' })),
        jsonNode('v', [['u'], ['b']]),
      ],
    });
    expect(only(findings, 'graph-condition-variable')).toEqual([
      'graph-condition-variable error {"edge":"e1","field":"condition"}: {x} in the condition "{x} == 1" on b → c is returned only by u (Task u), which does not come before it on a path from the start',
    ]);
  });

  it('checks categorical comparisons against the declared values', () => {
    const declared = tools({ status: "status (string): one of 'found', 'not_found'" });
    const findings = validateJson({
      nodes: [
        jsonNode('a', [['b', "{status} == 'found'"], ['b', "{status} == 'missing'"], ['b', '{status} != 3'], ['b', '{status} == null']], declared),
        jsonNode('b'),
      ],
    });
    expect(only(findings, 'graph-condition-value')).toEqual([
      `graph-condition-value error {"edge":"e1","field":"condition"}: 'missing' in the condition "{status} == 'missing'" on a → b is not a declared value of {status} (one of 'found', 'not_found')`,
      `graph-condition-value warning {"edge":"e2","field":"condition"}: the condition "{status} != 3" on a → b compares {status}, whose values are 'found', 'not_found', with 3`,
    ]);
  });
});

describe('finding caps', () => {
  it(`lists at most ${MAX_FINDINGS_PER_VALIDATOR} findings per validator, then one summary`, () => {
    const orphans = Array.from({ length: 300 }, (_, i) => `[X${i}](message){orphan}\n[x${i}](X${i}, E){}`).join('\n');
    const findings = validateLines(`[S](start_message){hi}\n[E](end_message){bye}\n[1](S, E){}\n${orphans}`);
    const unreachable = findings.filter((f) => f.validator === 'graph-unreachable-node');
    expect(unreachable).toHaveLength(MAX_FINDINGS_PER_VALIDATOR + 1);
    expect(unreachable.at(-1)).toEqual({
      validator: 'graph-unreachable-node',
      severity: 'error',
      location: null,
      message: `100 more findings of this kind are not listed (the first ${MAX_FINDINGS_PER_VALIDATOR} are)`,
    });
  });
});

describe('JSON graphs with explicit node types', () => {
  it('take the start from the types, and say so when none is typed as a start', () => {
    const typed = (type: string) => ({ type });
    const findings = validateJson({ nodes: [jsonNode('a', [['b']], typed('task')), jsonNode('b', [], typed('task'))] });
    expect(only(findings, 'graph-single-start')).toEqual([
      'graph-single-start error null: no start node: no node is typed as a start, and every node without a type has an incoming transition',
    ]);
    expect(validateJson({ nodes: [jsonNode('a', [['b']], typed('start')), jsonNode('b', [], typed('end'))] })).toEqual([]);
  });
});
