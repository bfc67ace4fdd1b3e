import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SopGraph } from '../../core/formats/graphs/model';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

/**
 * A multi-graph flowgraph file whose `# graph:` ids are several words
 * (fixtures/releases/almita-procedures-spaced-ids.txt): each id is the rest of its header line,
 * so the procedures are separate graphs, and conversations naming them by `flowgraph_id` link to them.
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

describe('ALMITA graph headers with multi-word ids', () => {
  it('imports one graph per header, named as written, and links the conversations that name them', async () => {
    ws = await annotationWorkspace([]);
    const report = await ws.api('datasets.import', {
      sources: [{ path: path.join(RELEASES, 'almita-procedures-spaced-ids.txt') }, { path: path.join(RELEASES, 'almita-spaced-ids-conversations.jsonl') }],
    });
    expect(report.files.map((f) => [f.dataset, f.status, f.kind, f.imported])).toEqual([
      ['almita-procedures-spaced-ids', 'imported', 'graph', 2],
      ['almita-spaced-ids-conversations', 'imported', 'conversation', 2],
    ]);
    for (const [id, headerLine, apiNode] of [
      ['Cancel subscription', 3, 'cancel_subscription'],
      ['Update shipping address', 12, 'update_address'],
    ] as const) {
      const graph = await ws.api('items.get', { id: ws.itemId(id) });
      // Four nodes and three edges each (N0 → N1 → N2 → N3), not one graph of eight with N0 and N1 twice and two starts.
      const payload = graph.payload as SopGraph;
      expect([graph.sourceLine, payload.nodes.map((n) => n.id), payload.edges.length]).toEqual([headerLine, ['N0', 'N1', 'N2', 'N3'], 3]);
      expect(payload.nodes[2]!.description).toBe(apiNode);
      expect(graph.findings).toEqual([]);
    }
    const conversation = await ws.api('items.get', { id: ws.itemId('almita-s1') });
    expect(conversation.flowgraph).toEqual({ id: 'Cancel subscription', item: { id: ws.itemId('Cancel subscription'), externalId: 'Cancel subscription' } });
  });
});
