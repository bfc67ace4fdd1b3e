import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../types';
import { flowgraphLinesModule } from './flowgraphLinesModule';
import { FORMATS } from '../../../testing/fixtures';

const text = readFileSync(path.join(FORMATS, 'flowgraph.txt'), 'utf8');

describe('flowgraph-lines detection', () => {
  it('recognises the line format after comments and blank lines', () => {
    expect(flowgraphLinesModule.detect(text)).toBe(true);
    expect(flowgraphLinesModule.detect('\n\n  [E1](A, B){x}')).toBe(true);
  });

  it('does not claim other text', () => {
    for (const sample of ['', '# only comments\n', '{"nodes": []}', 'item,question\n1,2', 'Just prose [N1] here', { nodes: [] }]) {
      expect(flowgraphLinesModule.detect(sample)).toBe(false);
    }
  });
});

describe('flowgraph-lines reader', () => {
  it('turns flowgraph.txt into one item keyed by the file name, keeping the source text', () => {
    const reader = flowgraphLinesModule.createReader({ fileName: 'flowgraph.txt' });
    const [item, ...rest] = reader.add(text, 1);
    expect(rest).toEqual([]);
    expect(reader.finish()).toEqual([]);
    expect(item).toMatchObject({ externalId: 'flowgraph', kind: 'graph', rawText: text, line: 1 });
    // Journeys: N0…N7 and N0…N8; the N2 ⇄ N3 loop is not walked twice (see electron/services/graphs/journeys.engines.test.ts).
    expect(item!.metadata).toEqual({ title: 'flowgraph', nodeCount: 9, edgeCount: 9, journeyCount: 2, journeysCapped: false });
    expect(item!.findings.map((f) => [f.validator, f.severity])).toEqual([
      ['graph-single-end', 'info'],
      ['graph-cycle', 'info'],
    ]);
  });

  it('rejects a malformed line with its line and column', () => {
    const reader = flowgraphLinesModule.createReader({ fileName: 'broken.txt' });
    let error: unknown;
    try {
      reader.add('# header\n[N0](start_message){hi}\n[E0](N0 N1{x}', 1);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ message: "unclosed '(': expected ')'", line: 3, column: 5 });
  });

  it('rejects a record that is not text', () => {
    expect(() => flowgraphLinesModule.createReader({ fileName: 'x.txt' }).add({ nodes: [] }, 1)).toThrow('expected the text of a flowgraph file');
  });
});
