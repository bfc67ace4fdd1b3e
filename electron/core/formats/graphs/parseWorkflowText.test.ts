import { describe, expect, it } from 'vitest';
import type { Finding } from '../types';
import { parseWorkflowText, WorkflowTextError } from './parseWorkflowText';
import { validateGraph } from './validators/validateGraph';

const brief = (findings: Finding[]) => findings.map((f) => `${f.validator} ${f.severity} ${JSON.stringify(f.location)}: ${f.message}`);

describe('parseWorkflowText', () => {
  it('reads numbered subtasks and the edges on one line, with START and END as start and end', () => {
    const graph = parseWorkflowText('Node:\n1: Look up the order.\n2: Refund it.\nGraph:\nEdge: (START,1) (1,2) (2,END)');
    expect(graph.sourceFormat).toBe('workflow-text');
    expect(graph.nodes.map((n) => [n.id, n.type, n.description])).toEqual([
      ['START', 'start', null],
      ['1', 'task', 'Look up the order.'],
      ['2', 'task', 'Refund it.'],
      ['END', 'end', null],
    ]);
    expect(graph.edges.map((e) => `${e.source}→${e.target}`)).toEqual(['START→1', '1→2', '2→END']);
    expect(validateGraph(graph)).toEqual([]);
  });

  it('reads the "1.{subtask}" style with one edge a line and parallel branches', () => {
    const graph = parseWorkflowText('Node:\n1. Find flights\n2. Find hotels\n3. Book both\nEdges:\n(START,1)\n(START,2)\n(1,3)\n(2,3)\n(3,END)');
    expect(graph.nodes).toHaveLength(5);
    expect(graph.edges).toHaveLength(5);
    // No tools, no conditions: structure checks only, and this structure is sound.
    expect(validateGraph(graph)).toEqual([]);
  });

  it('reports an orphan subtask as unreachable by name, and nothing else', () => {
    const graph = parseWorkflowText('Node:\n1: Wash the roller.\n2: Dry it.\n3: Polish the frame.\nEdge: (START,1) (1,2) (2,END)');
    expect(brief(validateGraph(graph))).toEqual(['graph-unreachable-node error {"node":"3"}: node 3 (Polish the frame.) is unreachable: it has no edges at all']);
  });

  it("says END's only edge comes from a subtask the list does not have, rather than that END has no edges (WorFBench)", () => {
    const graph = parseWorkflowText('Node:\n1: ask for the order id\n2: look up the order\nEdge: (START,1) (1,2) (2,3) (3,END)');
    expect(brief(validateGraph(graph)).filter((f) => f.startsWith('graph-unreachable-node'))).toEqual([
      "graph-unreachable-node error {\"node\":\"END\"}: node END is unreachable: its only edge connects it to '3', which no node has as its id",
    ]);
  });

  it('reports a subtask only a non-start node leads from as unreachable, not as a second start', () => {
    const graph = parseWorkflowText('Node:\n1: a\n2: b\n3: c\nEdge: (START,1) (1,END) (2,3) (3,END)');
    expect(brief(validateGraph(graph))).toEqual([
      'graph-unreachable-node error {"node":"2"}: node 2 (b) is unreachable: no path from the start node START leads to it',
      'graph-unreachable-node error {"node":"3"}: node 3 (c) is unreachable: no path from the start node START leads to it',
    ]);
  });

  it('finds dangling edges and cycles, and a step that does not lead on is a warning', () => {
    const graph = parseWorkflowText('Node:\n1: a\n2: b\n3: c\nEdge: (START,1) (1,2) (2,1) (2,9) (1,3) (2,END)');
    expect(brief(validateGraph(graph))).toEqual([
      `graph-dangling-reference error {"edge":"e3"}: edge (2 → 9) points to '9', but no node has that id`,
      'graph-dead-end warning {"node":"3"}: node 3 (c) has no outgoing edge: it does not lead on to END',
      "graph-cycle error {\"edge\":\"e2\"}: cycle 1 → 2 → 1: a workflow's subtasks are ordered, so it must be acyclic",
    ]);
  });

  it('refuses text that is not a workflow', () => {
    expect(() => parseWorkflowText('I cannot help with that.')).toThrow(WorkflowTextError);
    expect(() => parseWorkflowText('Node:\n1: a\n')).toThrow('no edges');
  });
});
