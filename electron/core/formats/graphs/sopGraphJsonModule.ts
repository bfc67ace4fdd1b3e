import type { FormatModule, FormatReader } from '../module';
import { FormatError, type ParsedItem } from '../types';
import { baseName, graphItem } from './graphItem';
import { parseSopGraphJson } from './parseSopGraphJson';

const DESCRIPTION = 'SOP graph: node/edge JSON with responsePathways';

/**
 * Node/edge JSON graphs (`sop-graph.json`): one graph per file, or a JSON array of graphs
 * (each becomes an item). externalId: the graph's `id`, else its `title`, else the file name
 * without extension (with `-2`, `-3`, … for later graphs of an array).
 */
export const sopGraphJsonModule: FormatModule = {
  id: 'sop-graph-json',
  kind: 'graph',
  framing: 'json-document',
  description: DESCRIPTION,
  detect: (sample) => looksLikeSopGraph(sample) || (Array.isArray(sample) && sample.length > 0 && looksLikeSopGraph(sample[0])),
  createReader: ({ fileName }) => new SopGraphJsonReader(fileName),
};

/**
 * The same format when the import service frames a JSON array element by element. It shares
 * the id `sop-graph-json` because it is the same source format (SourceFormat has no separate
 * name for "an array of them"); only the framing differs.
 */
export const sopGraphJsonArrayModule: FormatModule = {
  id: 'sop-graph-json',
  kind: 'graph',
  framing: 'json-array',
  description: `${DESCRIPTION} (a JSON array of graphs)`,
  detect: looksLikeSopGraph,
  createReader: ({ fileName }) => new SopGraphJsonReader(fileName),
};

/** A plain object with a `nodes` array and either an `edges` array or nodes shaped like SOP tasks. */
export function looksLikeSopGraph(sample: unknown): boolean {
  if (!isObject(sample) || !Array.isArray(sample.nodes)) return false;
  if (Array.isArray(sample.edges)) return true;
  const first: unknown = sample.nodes[0];
  return isObject(first) && ['responsePathways', 'task_name', 'tools'].some((key) => Object.hasOwn(first, key));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads graphs one record at a time; an array record holds several graphs. */
class SopGraphJsonReader implements FormatReader {
  private graphsRead = 0;
  private readonly seen = new Map<string, number>();

  constructor(private readonly fileName: string) {}

  add(record: unknown, line: number): ParsedItem[] {
    if (Array.isArray(record)) return record.map((graph, i) => this.read(graph, line, `[${i}]`));
    return [this.read(record, line, '')];
  }

  finish(): ParsedItem[] {
    return [];
  }

  private read(record: unknown, line: number, path: string): ParsedItem {
    const position = this.graphsRead++;
    const { graph, findings } = parseSopGraphJson(record, line, path);
    const fallback = position === 0 ? baseName(this.fileName) : `${baseName(this.fileName)}-${position + 1}`;
    const externalId = nonBlank(graph.id) ?? nonBlank(graph.title) ?? fallback;
    const earlier = this.seen.get(externalId);
    if (earlier !== undefined) {
      throw new FormatError(
        `graph ${position + 1} has the same ${nonBlank(graph.id) !== null ? 'id' : 'title'} as graph ${earlier + 1}: "${externalId}"; graphs of one file need distinct ids`,
        line,
        null,
        path || null,
      );
    }
    this.seen.set(externalId, position);
    return graphItem(graph, { externalId, line, readFindings: findings, rawText: null });
  }
}

function nonBlank(text: string | null): string | null {
  return text !== null && text.trim() !== '' ? text.trim() : null;
}
