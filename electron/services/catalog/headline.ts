import type { ArtifactKind } from '../../core/formats/types';
import { decimal } from '../../common/numberFormat';
import { headlineMode } from '../../common/scoringModes';

/**
 * One short string for the item browser: the plan tier, or the Tool Call Accuracy (in the
 * mode that stands for the conversation, named when it is not the plain one: see headlineMode).
 */
export function headlineOf(kind: ArtifactKind, metrics: Record<string, unknown> | null): string | null {
  if (!metrics) return null;
  if (kind === 'plan' && typeof metrics.tier === 'string') return metrics.tier;
  if (kind !== 'conversation') return null;
  const modes = Array.isArray(metrics.modes) ? (metrics.modes as { mode?: unknown; toolCallAccuracy?: unknown }[]) : [];
  const mode = headlineMode(modes.map((m) => String(m.mode)));
  const figures = mode && modes.find((m) => m.mode === mode);
  if (figures && typeof figures.toolCallAccuracy === 'number') return `TCA ${decimal(figures.toolCallAccuracy, 2)} · ${mode}`;
  if (typeof metrics.toolCallAccuracy === 'number') return `TCA ${decimal(metrics.toolCallAccuracy, 2)}`;
  return null;
}
