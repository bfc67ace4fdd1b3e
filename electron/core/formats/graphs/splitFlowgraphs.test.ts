import { describe, expect, it } from 'vitest';
import { FormatError } from '../types';
import { flowgraphLinesModule } from './flowgraphLinesModule';
import type { SopGraph } from './model';
import { flowgraphBlock, splitFlowgraphs } from './splitFlowgraphs';

const read = (text: string, fileName = 'procedures.txt') => flowgraphLinesModule.createReader({ fileName }).add(text, 1);

const TWO = ['# two procedures', '', '# graph: reset_password', '[N0](start_message){Hi}', '[N1](end_message){Bye}', '[E0](N0, N1){Thanks}', '# graph: close_account', '[N0](start_message){Hello}'].join('\n');

describe('splitFlowgraphs', () => {
  it('reads a file without headers as one graph named after the file', () => {
    const items = read('[N0](start_message){Hi}\n', 'cancel_subscription.txt');
    expect(items.map((i) => i.externalId)).toEqual(['cancel_subscription']);
  });

  it('reads each "# graph: <id>" block as a graph with that id, its lines counted in the file', () => {
    const items = read(TWO);
    expect(items.map((i) => [i.externalId, i.line])).toEqual([
      ['reset_password', 3],
      ['close_account', 7],
    ]);
    const first = items[0].payload as SopGraph;
    expect(first.nodes.map((n) => [n.id, n.sourceLine])).toEqual([
      ['N0', 4],
      ['N1', 5],
    ]);
    expect(first.edges[0].sourceLine).toBe(6);
    // Each graph's raw text is its own block, a valid single-graph file.
    expect(items[1].rawText).toBe('[N0](start_message){Hello}');
  });

  it('takes the rest of a "# graph:" line, spaces inside kept, for the id: two procedures with multi-word ids are two graphs', () => {
    // Before, a multi-word id made the line a comment: both procedures became one graph, with
    // duplicate N0 / N1 and two start nodes blamed on the data.
    const items = read('# graph: Cancel subscription\n[N0](start_message){Hi}\n[N1](end_message){Bye}\n[E0](N0, N1){x}\n\n#graph:  Update   address \t\n[N0](start_message){Hello}\n[N1](api){update_address}\n[E0](N0, N1){gives address}\n[N2](end_message){Done}\n[E1](N1, N2){updated}\n');
    expect(items.map((i) => [i.externalId, i.line, (i.payload as SopGraph).nodes.map((n) => n.id)])).toEqual([
      ['Cancel subscription', 1, ['N0', 'N1']],
      ['Update   address', 6, ['N0', 'N1', 'N2']],
    ]);
    expect(items.flatMap((i) => i.findings.filter((f) => f.severity === 'error').map((f) => f.validator))).toEqual([]);
  });

  it('keeps a multi-word "# graph:" line below the nodes of a one-graph file a comment, with a warning when nodes follow it', () => {
    // Review of 9275825: taking every "# graph:" line for a header rejected this file ("a node or
    // edge before the first header"); before 9275825 a line of several words was a comment.
    const noted = read('# the refund flow\n[N0](start_message){Hi}\n[N1](end_message){Bye}\n[E0](N0, N1){x}\n# graph: see notes below\n# reviewed twice\n', 'refund.txt');
    expect(noted.map((i) => [i.externalId, i.line, (i.payload as SopGraph).nodes.length, i.rawText?.includes('see notes below')])).toEqual([['refund', 1, 2, true]]);
    // Only comments follow the line: no graph could start there, nothing to say.
    expect(noted[0].findings).toEqual([]);

    // Nodes follow it: had it been a header they would be a second graph, so a warning says how it was read.
    const between = read('[N0](start_message){Hi}\n[N1](end_message){Bye}\n[E0](N0, N1){x}\n\n# graph: Update address\n[N2](message){More}\n[E1](N1, N2){y}\n', 'refund.txt');
    expect(between.map((i) => [i.externalId, (i.payload as SopGraph).nodes.map((n) => n.id)])).toEqual([['refund', ['N0', 'N1', 'N2']]]);
    expect(between[0].findings.filter((f) => f.validator === 'graph-header-as-comment')).toEqual([
      {
        validator: 'graph-header-as-comment',
        severity: 'warning',
        location: null,
        message: 'line 5 "# graph: Update address" is read as a comment, not as the header of another graph: the file starts with a node or edge (line 1), so it holds one graph. A file of several graphs starts each with its "# graph: <id>" line, the first one too.',
      },
    ]);
  });

  it('names a one-graph file after the file when its only "# graph:" line is not plain words, with an info finding', () => {
    // Review of 9275825: this top comment became the id, so re-importing refund.txt added a new
    // item instead of updating "refund". Parentheses and commas make it a comment.
    const items = read('# graph: refund flow (v2, reviewed)\n[N0](start_message){Hi}\n[N1](end_message){Bye}\n[E0](N0, N1){x}\n', 'refund.txt');
    expect(items.map((i) => [i.externalId, i.line, i.rawText?.startsWith('# graph: refund flow')])).toEqual([['refund', 1, true]]);
    expect(items[0].findings).toEqual([
      {
        validator: 'graph-header-as-comment',
        severity: 'info',
        location: null,
        message: 'line 1 "# graph: refund flow (v2, reviewed)" is read as a comment, not as the id of the graph, which is named after the file: an id of several words is letters, digits, "_", "-" and "." with one space between words (a file of several graphs may use any).',
      },
    ]);
    // Two spaces between words are not plain words either.
    expect(read('# graph: refund  flow\n[N0](start_message){Hi}\n', 'refund.txt').map((i) => i.externalId)).toEqual(['refund']);
  });

  it('takes a lone "# graph:" line of one word, or of plain words, for the id of the one graph (a curation export of one graph)', () => {
    for (const [header, id] of [
      ['# graph: refund_v2', 'refund_v2'],
      ['# graph: refund(v2)', 'refund(v2)'],
      ['# graph: Cancel subscription', 'Cancel subscription'],
      ['# graph: Résiliation v2.1 - final', 'Résiliation v2.1 - final'],
    ]) {
      const items = read(`# a comment first\n\n${header}\n[N0](start_message){Hi}\n`, 'refund.txt');
      expect(items.map((i) => [i.externalId, i.line, i.rawText, i.findings.filter((f) => f.validator === 'graph-header-as-comment')])).toEqual([[id, 3, '[N0](start_message){Hi}\n', []]]);
    }
  });

  it('takes every "# graph:" line of a file of several graphs for a header, whatever its id', () => {
    // A curation export writes each graph's externalId, which may come from a file name or a JSON title.
    const items = read('# graph: refund flow (v2, reviewed)\n[N0](start_message){Hi}\n\n# graph: see notes below\n[N0](start_message){Hello}\n');
    expect(items.map((i) => [i.externalId, i.line, i.findings.filter((f) => f.validator === 'graph-header-as-comment')])).toEqual([
      ['refund flow (v2, reviewed)', 1, []],
      ['see notes below', 4, []],
    ]);
  });

  it('takes a comment in another case ("# Graph:") for a comment', () => {
    const items = read('# Graph: x\n[N0](start_message){Hi}\n', 'refund.txt');
    expect(items.map((i) => i.externalId)).toEqual(['refund']);
  });

  it('names the line of a malformed statement in the second graph', () => {
    expect(() => read(`${TWO}\n[N1](message{broken}`)).toThrow(expect.objectContaining({ line: 9 }));
  });

  it('rejects a node before the first header, and a header without an id, naming the line', () => {
    const before = () => splitFlowgraphs('[N0](start_message){Hi}\n# graph: g1\n[N1](message){x}');
    expect(before).toThrow(FormatError);
    expect(before).toThrow(/before the first "# graph: <id>" header/);
    expect(before).toThrow(expect.objectContaining({ line: 1 }));
    // Also after a multi-word line read as a comment: the one-word header still has a node before it.
    const later = () => splitFlowgraphs('[N0](start_message){Hi}\n# graph: see notes below\n[N1](message){x}\n# graph: g2\n[N0](start_message){Hello}');
    expect(later).toThrow(/first header on line 4/);
    expect(later).toThrow(expect.objectContaining({ line: 1 }));
    expect(() => splitFlowgraphs('[N0](start_message){Hi}\n# graph:\n')).toThrow(expect.objectContaining({ line: 2 }));
    expect(() => splitFlowgraphs('# graph: g1\n[N0](start_message){Hi}\n#graph:   \n')).toThrow(expect.objectContaining({ line: 3 }));
  });

  it('writes a graph as a block that reads back as that one graph, its header-like comments kept as comments', () => {
    // A one-graph file's source, with the comments that made curation exports split in two.
    const refund = '# graph: refund flow (v2, reviewed)\n[N0](start_message){Hi}\n# graph: see notes below\n[N1](end_message){Bye}\n[E0](N0, N1){ok}';
    const file = [flowgraphBlock('refund', refund), flowgraphBlock('Cancel subscription', '[N0](start_message){Hello}\n')].join('\n');
    expect(file).toContain('# (graph: refund flow (v2, reviewed))\n');
    const blocks = splitFlowgraphs(file);
    expect(blocks.map((b) => b.id)).toEqual(['refund', 'Cancel subscription']);
    expect(blocks[0].text).toContain('[E0](N0, N1){ok}');
  });

  it('reads back an export of one graph whose id is not plain words, and a CRLF source, as that one graph', () => {
    const crlf = '[N0](start_message){Hi}\r\n# graph: see notes below\r\n[N1](end_message){Bye}\r\n[E0](N0, N1){ok}\r\n';
    const file = flowgraphBlock('refund flow (copy)', crlf);
    expect(file.startsWith('# graph: "refund flow (copy)"\n')).toBe(true);
    const blocks = splitFlowgraphs(file);
    expect(blocks.map((b) => [b.id, b.findings])).toEqual([['refund flow (copy)', []]]);
    expect(blocks[0].text).toContain('# (graph: see notes below)');
  });
});
