import { describe, expect, it } from 'vitest';
import { packItems, unpackItems } from './packedItems';
import type { PreparedItem } from './preparedItems';

const item = (n: number, more: Partial<PreparedItem> = {}): PreparedItem => ({
  externalId: `c-${n}`,
  kind: 'conversation',
  payload: `{"id":"c-${n}"}`,
  rawText: null,
  metadata: '{"turnCount":2}',
  metrics: null,
  line: n,
  counts: { error: 0, warning: 0, info: 0 },
  findings: [],
  journey: null,
  ...more,
});

describe('packed items (the parse worker sends batches this way)', () => {
  it('unpacks every field of every item as it was, the rare findings, journeys and annotations included', () => {
    const items = [
      item(1),
      item(2, {
        rawText: 'not json {',
        metrics: '{"toolF1":0.8}',
        counts: { error: 1, warning: 2, info: 3 },
        findings: [{ validator: 'tool-pairing', severity: 'error', location: '{"turn":3}', message: 'no output' }],
        journey: { graph: 'Order return', toolCallAccuracy: 0.5 },
      }),
      item(3, { line: 2 ** 40, journey: { graph: 'Order return', toolCallAccuracy: 0 } }),
      item(4, { annotations: { schema: { questions: [] }, labels: [{ question: 'q', rater: 'ana', value: 'yes' }] } }),
    ];
    const packed = packItems(items);
    // What crosses the thread boundary: no object per item.
    expect(structuredClone(packed).findings).toEqual([[1, items[1].findings]]);
    expect(unpackItems(structuredClone(packed))).toEqual(items);
    expect(unpackItems(packItems([]))).toEqual([]);
  });
});
