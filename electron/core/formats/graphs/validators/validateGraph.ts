import type { Finding } from '../../types';
import { analyseGraph, type GraphAnalysis } from '../graphAnalysis';
import type { SopGraph } from '../model';
import { FindingCollector } from './findingCollector';
import { validateConditions } from './validateConditions';
import { validateCycles } from './validateCycles';
import { validateEdgesMatchPathways } from './validateEdgesMatchPathways';
import { validateEnd } from './validateEnd';
import { validateNodeIds } from './validateNodeIds';
import { validateReferences } from './validateReferences';
import { validateStart } from './validateStart';

/**
 * Runs every SOP-graph validator of DESIGN.md §3 and returns their findings, each located on
 * the node or edge (by key) it concerns, or on the whole graph. Validator ids:
 *
 * - `graph-empty` (error): no nodes.
 * - `graph-duplicate-node-id` (error): two nodes share an id; names both.
 * - `graph-dangling-reference` (error): an edge or pathway names a node that does not exist.
 * - `graph-single-start` (error): no start node, or several.
 * - `graph-unreachable-node` (error): a node no path from the start reaches ("unreachable", by
 *   name), including a node with no edges at all.
 * - `graph-single-end` (error; info for several typed ends in the line format), `graph-dead-end`
 *   (error), `graph-end-has-outgoing` (warning).
 * - `graph-cycle`: error for JSON (promised acyclic), info for the line format.
 * - `graph-edge-mismatch` (error): edge list and `responsePathways` disagree (JSON).
 * - `graph-condition-parse` (error), `graph-condition-variable` (error; warning when the
 *   variable is a tool input rather than a returned field), `graph-condition-value` (error for an
 *   undeclared categorical value; warning for a non-text literal).
 *
 * A plain-language workflow (`workflow-text`) gets the structure checks only: node ids,
 * dangling edges, one START, one END, reachability and cycles.
 *
 * Linear in nodes + edges (plus conditions × variables they use); no recursion.
 */
export function validateGraph(graph: SopGraph, analysis: GraphAnalysis = analyseGraph(graph)): Finding[] {
  const out = new FindingCollector();
  if (graph.nodes.length === 0) {
    const edges = graph.edges.length > 0 ? ` (it lists ${graph.edges.length} edges between nodes that do not exist)` : '';
    out.add('graph-empty', 'error', null, `the graph has no nodes${edges}`);
    return out.findings();
  }
  validateNodeIds(graph, out);
  validateReferences(analysis.index, out);
  validateStart(analysis, out);
  validateEnd(analysis, out);
  validateCycles(analysis, out);
  // A plain-language workflow promises structure only: no tools, pathways or conditions to check.
  if (graph.sourceFormat === 'workflow-text') return out.findings();
  validateEdgesMatchPathways(graph, out);
  validateConditions(analysis, out);
  return out.findings();
}
