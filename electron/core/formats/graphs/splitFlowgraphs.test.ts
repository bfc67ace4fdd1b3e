import { describe, expect, it } from 'vitest';
import { FormatError } from '../types';
import { flowgraphLinesModule } from './flowgraphLinesModule';
import type { SopGraph } from './model';
import { splitFlowgraphs } from './splitFlowgraphs';

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
    expect(() => splitFlowgraphs('# graph: g1\n[N0](start_message){Hi}\n#graph:   \n')).toThrow(expect.objectContaining({ line: 3 }));
  });
});
