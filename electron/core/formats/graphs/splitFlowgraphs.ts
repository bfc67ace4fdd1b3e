import { FormatError, type Finding } from '../types';

/** One graph's text inside a flowgraph file, with the file line its text starts on. */
export interface FlowgraphBlock {
  /** The id from its `# graph: <id>` header; null for a file without headers (one graph). */
  id: string | null;
  text: string;
  /** File line of the block's first line (the line after its header). */
  firstLine: number;
  /** File line of its header (or 1 for a file without headers). */
  headerLine: number;
  /** What reading the file left unsaid otherwise: a line that looks like a header read as a comment. */
  findings: Finding[];
}

/** A line written as a graph header, `# graph: <id>` (also `#graph:`); whether it is one depends on the file. */
const HEADER_LIKE = /^\s*#\s*graph:(.*)$/;

/**
 * An id of several words that names a graph on its own in a file of one graph: words of letters,
 * digits, `_`, `-` and `.`, one space between (`Cancel subscription`, `refund v2.1`). A line such
 * as `# graph: refund flow (v2, reviewed)` at the top of a one-graph file is a comment.
 */
const PLAIN_WORDS = /^[\p{L}\p{N}_.-]+(?: [\p{L}\p{N}_.-]+)+$/u;

/** Why a header-like line is read as a comment, in findings. */
const VALIDATOR = 'graph-header-as-comment';

/**
 * One graph as a `# graph: <id>` block of a file of graphs (what a curation export writes): its
 * header, then its source text with any line of the text that looks like a header (a comment
 * such as `# graph: see notes below` in a one-graph file) written as `# (graph: …)`, so that it
 * stays a comment when the file is read back instead of starting a graph of its own. An id that
 * is not one word or plain words is written as a JSON string (`# graph: "refund (copy)"`), which
 * is always a header: a lone header of such an id would otherwise read as a comment.
 */
export function flowgraphBlock(id: string, text: string): string {
  const body = text
    .trimEnd()
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/^(\s*#\s*)graph:(.*)$/, '$1(graph:$2)'))
    .join('\n');
  const plain = !id.startsWith('"') && (!/\s/.test(id) || PLAIN_WORDS.test(id));
  return `# graph: ${plain ? id : JSON.stringify(id)}\n${body}\n`;
}

/**
 * Cuts a flowgraph file into its graphs. A file holding several graphs (as a generator such as
 * ALMITA's, or a curation export, writes them one after another) starts each with a header line
 * `# graph: <id>`; the id names the item. Which `# graph:` lines are headers:
 *
 * - A file whose first line that is neither blank nor another comment is a `# graph:` line is a
 *   file of graphs, and its `# graph:` lines are headers, the id the rest of the line without its
 *   surrounding blanks, spaces inside kept (`# graph: Cancel subscription`, as a JSON graph's title
 *   or a conversation's `flowgraph_id` may name it): taking one for a comment would merge the graph
 *   after it into the one before. When that line is the file's only `# graph:` line and its id has
 *   several words, the words must be plain ({@link PLAIN_WORDS}); otherwise
 *   (`# graph: refund flow (v2, reviewed)`) the line is a comment, the file one graph named after
 *   the file as before, and an info finding says so.
 * - A file whose first such line is a node or edge holds one graph without a header. A one-word
 *   `# graph: <id>` further down is an error (the graph before it has no header); a line of
 *   several words (`# graph: see notes below`) is a comment, with a warning when node or edge lines
 *   follow it, since they would have been another graph had it been a header.
 *
 * Being comments, headers leave each block a valid single-graph file.
 *
 * @throws {FormatError} for a node or edge before the first header, or a header without an id.
 */
export function splitFlowgraphs(text: string): FlowgraphBlock[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const headerLike: { index: number; id: string; quoted: boolean }[] = [];
  lines.forEach((content, index) => {
    const match = HEADER_LIKE.exec(content);
    if (!match) return;
    const written = match[1].trim();
    const id = quotedId(written) ?? written;
    if (!id) throw new FormatError('a "# graph:" header needs the id of the graph after the colon, e.g. "# graph: reset_password"', index + 1, 1);
    headerLike.push({ index, id, quoted: id !== written });
  });
  const single = (findings: Finding[]): FlowgraphBlock[] => [{ id: null, text, firstLine: 1, headerLine: 1, findings }];
  if (headerLike.length === 0) return single([]);

  const firstStatement = lines.findIndex((l) => isStatement(l));
  if (firstStatement >= 0 && firstStatement < headerLike[0].index) {
    // One graph without a header: a one-word "# graph:" line below it would start a second.
    const oneWord = headerLike.find((h) => h.quoted || !/\s/.test(h.id));
    if (oneWord) {
      throw new FormatError(`a node or edge before the first "# graph: <id>" header: in a file of several graphs each starts with its header (first header on line ${oneWord.index + 1})`, firstStatement + 1, 1);
    }
    const findings = headerLike
      .filter((h, i) => lines.slice(h.index + 1, headerLike[i + 1]?.index ?? lines.length).some(isStatement))
      .map((h) => ({
        validator: VALIDATOR,
        severity: 'warning' as const,
        location: null,
        message: `line ${h.index + 1} "${lines[h.index].trim()}" is read as a comment, not as the header of another graph: the file starts with a node or edge (line ${firstStatement + 1}), so it holds one graph. A file of several graphs starts each with its "# graph: <id>" line, the first one too.`,
      }));
    return single(findings);
  }

  const [only] = headerLike;
  if (headerLike.length === 1 && !only.quoted && /\s/.test(only.id) && !PLAIN_WORDS.test(only.id)) {
    return single([
      {
        validator: VALIDATOR,
        severity: 'info',
        location: null,
        message: `line ${only.index + 1} "${lines[only.index].trim()}" is read as a comment, not as the id of the graph, which is named after the file: an id of several words is letters, digits, "_", "-" and "." with one space between words (a file of several graphs may use any).`,
      },
    ]);
  }
  return headerLike.map((header, i) => {
    const end = i + 1 < headerLike.length ? headerLike[i + 1].index : lines.length;
    return { id: header.id, text: lines.slice(header.index + 1, end).join('\n'), firstLine: header.index + 2, headerLine: header.index + 1, findings: [] };
  });
}

/** A node or edge line (or anything else that is neither blank nor a comment). */
/** The id of a header written as a JSON string (`"refund (copy)"`, see flowgraphBlock), else null. */
function quotedId(written: string): string | null {
  if (written.length < 2 || !written.startsWith('"') || !written.endsWith('"')) return null;
  try {
    const id: unknown = JSON.parse(written);
    return typeof id === 'string' && id.trim() !== '' ? id : null;
  } catch {
    return null;
  }
}

function isStatement(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== '' && !trimmed.startsWith('#');
}
