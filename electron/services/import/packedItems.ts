import type { FindingWrite } from '../../../db/queries/catalog';
import type { ImportedAnnotations } from '../../core/formats/types';
import type { PreparedItem } from './preparedItems';

/**
 * A batch of prepared items as the parse worker sends it to the importing thread: one array per
 * field. Structured cloning writes every property name of every object and rebuilds each object
 * property by property on the other side; arrays of strings and one typed array of numbers cost
 * only their contents, so both threads spend less time on the hand-over (and the importing
 * thread's collector on fewer objects).
 */
export interface PackedItems {
  externalId: string[];
  kind: string[];
  payload: string[];
  rawText: (string | null)[];
  metadata: string[];
  metrics: (string | null)[];
  /** Per item: its line, then its error, warning and info counts. */
  numbers: Float64Array;
  /** Per item: its journey's graph (null: no journey) and Tool Call Accuracy. */
  journeyGraph: (string | null)[];
  journeyAccuracy: Float64Array;
  /** The few items with findings or annotations, by position in the batch. */
  findings: [number, FindingWrite[]][];
  annotations: [number, ImportedAnnotations][];
}

const NUMBERS_PER_ITEM = 4;

export function packItems(items: readonly PreparedItem[]): PackedItems {
  const n = items.length;
  const packed: PackedItems = {
    externalId: new Array<string>(n),
    kind: new Array<string>(n),
    payload: new Array<string>(n),
    rawText: new Array<string | null>(n),
    metadata: new Array<string>(n),
    metrics: new Array<string | null>(n),
    numbers: new Float64Array(n * NUMBERS_PER_ITEM),
    journeyGraph: new Array<string | null>(n),
    journeyAccuracy: new Float64Array(n),
    findings: [],
    annotations: [],
  };
  for (let i = 0; i < n; i++) {
    const item = items[i];
    packed.externalId[i] = item.externalId;
    packed.kind[i] = item.kind;
    packed.payload[i] = item.payload;
    packed.rawText[i] = item.rawText;
    packed.metadata[i] = item.metadata;
    packed.metrics[i] = item.metrics;
    const at = i * NUMBERS_PER_ITEM;
    packed.numbers[at] = item.line;
    packed.numbers[at + 1] = item.counts.error;
    packed.numbers[at + 2] = item.counts.warning;
    packed.numbers[at + 3] = item.counts.info;
    packed.journeyGraph[i] = item.journey?.graph ?? null;
    packed.journeyAccuracy[i] = item.journey?.toolCallAccuracy ?? 0;
    if (item.findings.length > 0) packed.findings.push([i, item.findings]);
    if (item.annotations) packed.annotations.push([i, item.annotations]);
  }
  return packed;
}

/** The items {@link packItems} packed, as they were. */
export function unpackItems(packed: PackedItems): PreparedItem[] {
  const findings = new Map(packed.findings);
  const annotations = new Map(packed.annotations);
  const items = new Array<PreparedItem>(packed.externalId.length);
  for (let i = 0; i < items.length; i++) {
    const at = i * NUMBERS_PER_ITEM;
    const graph = packed.journeyGraph[i];
    const item: PreparedItem = {
      externalId: packed.externalId[i],
      kind: packed.kind[i],
      payload: packed.payload[i],
      rawText: packed.rawText[i],
      metadata: packed.metadata[i],
      metrics: packed.metrics[i],
      line: packed.numbers[at],
      counts: { error: packed.numbers[at + 1], warning: packed.numbers[at + 2], info: packed.numbers[at + 3] },
      findings: findings.get(i) ?? [],
      journey: graph === null ? null : { graph, toolCallAccuracy: packed.journeyAccuracy[i] },
    };
    const labels = annotations.get(i);
    if (labels) item.annotations = labels;
    items[i] = item;
  }
  return items;
}
