import type { ArtifactKind } from '../../core/formats/types';
import { decimal } from '../../common/numberFormat';

/** One short string for the item browser: the plan tier, or the Tool Call Accuracy. */
export function headlineOf(kind: ArtifactKind, metrics: Record<string, unknown> | null): string | null {
  if (!metrics) return null;
  if (kind === 'plan' && typeof metrics.tier === 'string') return metrics.tier;
  if (kind === 'conversation' && typeof metrics.toolCallAccuracy === 'number') return `TCA ${decimal(metrics.toolCallAccuracy, 2)}`;
  return null;
}
