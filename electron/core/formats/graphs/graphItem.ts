import type { Finding, MetadataValue, ParsedItem } from '../types';
import { analyseGraph } from './graphAnalysis';
import { countJourneys } from './journeys';
import type { SopGraph } from './model';
import { validateGraph } from './validators/validateGraph';

/** Everything besides the graph that goes into its item. */
export interface GraphItemSource {
  externalId: string;
  /** 1-based line where the graph starts in its file. */
  line: number;
  /** Findings made while reading (e.g. a skipped `__proto__` key); validator findings follow them. */
  readFindings: Finding[];
  /** The source text when the canonical payload is not the source itself (line format), else null. */
  rawText: string | null;
}

/**
 * Validates a canonical graph and wraps it as a {@link ParsedItem} of kind `graph`. Metadata:
 * `title` (the graph's, else its external id), `domain` when the source names one, `nodeCount`,
 * `edgeCount`, and `journeyCount` (start→end paths, counted up to the default cap;
 * `journeysCapped` is true when there are more).
 */
export function graphItem(graph: SopGraph, source: GraphItemSource): ParsedItem {
  const analysis = analyseGraph(graph);
  const findings = [...source.readFindings, ...validateGraph(graph, analysis)];
  const journeys = countJourneys(graph, {}, analysis);
  const metadata: Record<string, MetadataValue> = {
    title: graph.title?.trim() ? graph.title : source.externalId,
    nodeCount: graph.nodes.length,
    edgeCount: graph.edges.length,
    journeyCount: journeys.count,
    journeysCapped: journeys.cappedBy !== null,
  };
  if (graph.domain !== null) metadata.domain = graph.domain;
  return {
    externalId: source.externalId,
    kind: 'graph',
    payload: graph,
    rawText: source.rawText,
    metadata,
    findings,
    line: source.line,
  };
}

/** A file's base name without its extension: `flowgraph.txt` → `flowgraph`. */
export function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
