import { parseCondition, conditionVariables, variableComparisons, type VariableComparison } from '../conditionParser';
import type { GraphAnalysis } from '../graphAnalysis';
import { listNodes } from '../graphIndex';
import type { UnitLocation } from '../../types';
import type { SopGraph } from '../model';
import type { FindingCollector } from './findingCollector';
import { variablesAvailable } from './variableFlow';

/** What a condition expression reads, parsed once per distinct text (graphs repeat `{status} == 'ok'` a lot). */
type Reading =
  | { ok: true; variables: string[]; comparisons: VariableComparison[] }
  | { ok: false; message: string; column: number };

interface ConditionUse {
  edge: number;
  expression: string;
  reading: Extract<Reading, { ok: true }>;
}

/**
 * Pathway conditions: each must parse; each variable it reads must be returned by a tool on its
 * own node or on a node before it on a path from the start; a comparison with a categorical
 * field ("one of 'found', 'not_found'") must use a declared value.
 *
 * "Before it" is answered for all conditions at once ({@link variablesAvailable}), not by a
 * search per condition.
 */
export function validateConditions(analysis: GraphAnalysis, out: FindingCollector): void {
  const { graph } = analysis.index;
  const uses = readAll(graph, out);
  if (uses.length === 0) return;
  const bitOf = new Map<string, number>();
  const questions = { nodes: [] as number[], bits: [] as number[] };
  for (const use of uses) {
    const source = analysis.index.edgeSource[use.edge]!;
    for (const name of use.reading.variables) {
      if (!bitOf.has(name)) bitOf.set(name, bitOf.size);
      // A condition on an edge from a missing node has nothing to be checked against.
      if (source < 0) continue;
      questions.nodes.push(source);
      questions.bits.push(bitOf.get(name)!);
    }
  }
  const returned = variablesAvailable(analysis, bitOf, questions, (node, add) => {
    for (const tool of node.tools) for (const field of tool.responses) add(field.name);
  });
  const collected = variablesAvailable(analysis, bitOf, questions, (node, add) => {
    for (const tool of node.tools) for (const input of tool.inputs) add(input.name);
  });
  const declared = declaredValues(graph);
  let producers: Map<string, number[]> | null = null;
  let question = 0;
  for (const use of uses) {
    const edge = graph.edges[use.edge]!;
    const where = () => `the condition "${use.expression}" on ${edge.source} → ${edge.target}`;
    const location = { edge: edge.key, field: 'condition' };
    if (analysis.index.edgeSource[use.edge]! >= 0) {
      for (const name of use.reading.variables) {
        const q = question++;
        if (returned[q]) continue;
        if (collected[q]) {
          out.add('graph-condition-variable', 'warning', location, `{${name}} in ${where()} is an input a tool collects, not a field a tool returns`);
          continue;
        }
        producers ??= producersOf(graph, bitOf);
        out.add('graph-condition-variable', 'error', location, `{${name}} in ${where()} ${whereReturned(graph, producers.get(name) ?? [])}`);
      }
    }
    for (const comparison of use.reading.comparisons) {
      const values = declared.get(comparison.variable);
      if (values) checkValue(location, where, comparison, values, out);
    }
  }
}

function readAll(graph: SopGraph, out: FindingCollector): ConditionUse[] {
  const uses: ConditionUse[] = [];
  const cache = new Map<string, Reading>();
  graph.edges.forEach((edge, e) => {
    for (const expression of edge.conditions) {
      let reading = cache.get(expression);
      if (!reading) {
        reading = read(expression);
        cache.set(expression, reading);
      }
      if (reading.ok) {
        uses.push({ edge: e, expression, reading });
        continue;
      }
      out.add(
        'graph-condition-parse',
        'error',
        { edge: edge.key, field: 'condition' },
        `the condition "${expression}" on ${edge.source} → ${edge.target} does not parse: ${reading.message} (column ${reading.column})`,
      );
    }
  });
  return uses;
}

function read(expression: string): Reading {
  const parsed = parseCondition(expression);
  if (!parsed.ok) return parsed;
  // Each variable once: a finding per variable and condition is enough.
  const variables = [...new Set(conditionVariables(parsed.expression).map((v) => v.name))];
  return { ok: true, variables, comparisons: variableComparisons(parsed.expression) };
}

/** Positions of the nodes whose tools return each used variable, built in one pass. */
function producersOf(graph: SopGraph, bitOf: Map<string, number>): Map<string, number[]> {
  const producers = new Map<string, number[]>();
  graph.nodes.forEach((node, position) => {
    for (const tool of node.tools) {
      for (const field of tool.responses) {
        if (!bitOf.has(field.name)) continue;
        const list = producers.get(field.name) ?? [];
        if (list[list.length - 1] !== position) list.push(position);
        producers.set(field.name, list);
      }
    }
  });
  return producers;
}

function whereReturned(graph: SopGraph, producers: number[]): string {
  if (producers.length === 0) return 'is not returned by any tool in the graph';
  const nodes = producers.map((p) => graph.nodes[p]!);
  return `is returned only by ${listNodes(nodes)}, which ${nodes.length === 1 ? 'does' : 'do'} not come before it on a path from the start`;
}

/** Declared categorical values per response-field name (union over the tools declaring it). */
function declaredValues(graph: SopGraph): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>();
  for (const node of graph.nodes) {
    for (const tool of node.tools) {
      for (const field of tool.responses) {
        if (!field.allowedValues) continue;
        const values = declared.get(field.name) ?? new Set<string>();
        for (const value of field.allowedValues) values.add(value);
        declared.set(field.name, values);
      }
    }
  }
  return declared;
}

function checkValue(
  location: UnitLocation,
  where: () => string,
  comparison: VariableComparison,
  values: Set<string>,
  out: FindingCollector,
): void {
  if (comparison.value === null) return;
  if (typeof comparison.value === 'string') {
    if (!values.has(comparison.value)) {
      out.add('graph-condition-value', 'error', location, `'${comparison.value}' in ${where()} is not a declared value of {${comparison.variable}} (one of ${quoted(values)})`);
    }
    return;
  }
  out.add('graph-condition-value', 'warning', location, `${where()} compares {${comparison.variable}}, whose values are ${quoted(values)}, with ${String(comparison.value)}`);
}

function quoted(values: Set<string>): string {
  return [...values].map((v) => `'${v}'`).join(', ');
}
