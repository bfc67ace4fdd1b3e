import type { FormatModule, FormatReader } from '../module';
import { FormatError, type ParsedItem } from '../types';
import { baseName, graphItem } from './graphItem';
import { parseFlowgraphLines, STATEMENT_START } from './parseFlowgraphLines';
import { splitFlowgraphs } from './splitFlowgraphs';

/**
 * The flowgraph line format (`flowgraph.txt`): one graph per file, externalId the file name
 * without extension; or several graphs in one file, each after a `# graph: <id>` header line
 * that gives its externalId (see splitFlowgraphs). Each graph's source text is kept as the
 * item's raw text, since the canonical payload drops its comments and layout.
 */
export const flowgraphLinesModule: FormatModule = {
  id: 'flowgraph-lines',
  kind: 'graph',
  framing: 'text-document',
  description: 'SOP graph: lines [N1](type){description} and [E1](N1, N2){description}',
  detect: (sample) => typeof sample === 'string' && firstStatementLine(sample) !== null,
  createReader: ({ fileName }) => new FlowgraphReader(fileName),
};

/** The first line that is neither blank nor a comment, if it looks like a node or edge. */
function firstStatementLine(text: string): string | null {
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 200)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    return STATEMENT_START.test(trimmed) ? trimmed : null;
  }
  return null;
}

class FlowgraphReader implements FormatReader {
  constructor(private readonly fileName: string) {}

  add(record: unknown, line: number): ParsedItem[] {
    if (typeof record !== 'string') throw new FormatError('expected the text of a flowgraph file', line, 1);
    return splitFlowgraphs(record).map((block) => {
      const graph = parseFlowgraphLines(block.text, line - 1 + block.firstLine);
      const externalId = block.id ?? baseName(this.fileName);
      return graphItem(graph, { externalId, line: line - 1 + block.headerLine, readFindings: block.findings, rawText: block.id === null ? record : block.text });
    });
  }

  finish(): ParsedItem[] {
    return [];
  }
}
