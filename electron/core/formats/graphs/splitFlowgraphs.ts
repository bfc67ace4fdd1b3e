import { FormatError } from '../types';

/** One graph's text inside a flowgraph file, with the file line its text starts on. */
export interface FlowgraphBlock {
  /** The id from its `# graph: <id>` header; null for a file without headers (one graph). */
  id: string | null;
  text: string;
  /** File line of the block's first line (the line after its header). */
  firstLine: number;
  /** File line of its header (or 1 for a file without headers). */
  headerLine: number;
}

/**
 * A header line that starts the next graph of a multi-graph file: `# graph: <id>`, the id the
 * rest of the line without its surrounding blanks, spaces inside kept (`# graph: Cancel
 * subscription` names the graph "Cancel subscription", as a JSON graph's title or a
 * conversation's `flowgraph_id` may). Any comment that starts `graph:` is a header: one taken
 * for a comment merged the graphs after it into the one before, silently.
 */
const HEADER = /^\s*#\s*graph:(.*)$/;

/**
 * Cuts a flowgraph file into its graphs. A file holding several graphs (as a generator such as
 * ALMITA's writes them one after another) starts each with a header line `# graph: <id>`; the id
 * names the item. A file without such a header is one graph. Being comments, headers leave each
 * block a valid single-graph file.
 *
 * @throws {FormatError} for a node or edge before the first header, or a header without an id.
 */
export function splitFlowgraphs(text: string): FlowgraphBlock[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const headers: { index: number; id: string }[] = [];
  lines.forEach((content, index) => {
    const match = HEADER.exec(content);
    if (!match) return;
    const id = match[1].trim();
    if (!id) throw new FormatError('a "# graph:" header needs the id of the graph after the colon, e.g. "# graph: reset_password"', index + 1, 1);
    headers.push({ index, id });
  });
  if (headers.length === 0) return [{ id: null, text, firstLine: 1, headerLine: 1 }];

  const before = lines.slice(0, headers[0].index).findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  if (before >= 0) {
    throw new FormatError(`a node or edge before the first "# graph: <id>" header: in a file of several graphs each starts with its header (first header on line ${headers[0].index + 1})`, before + 1, 1);
  }
  return headers.map((header, i) => {
    const end = i + 1 < headers.length ? headers[i + 1].index : lines.length;
    return { id: header.id, text: lines.slice(header.index + 1, end).join('\n'), firstLine: header.index + 2, headerLine: header.index + 1 };
  });
}
