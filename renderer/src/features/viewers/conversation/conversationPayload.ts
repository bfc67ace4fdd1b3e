import type { Conversation, TraceMetrics } from '../../../../../electron/api/artifacts';

/** The trace metrics stored on a conversation item, with the graph-level score import adds. */
export type ConversationMetrics = TraceMetrics & {
  /** Mean Tool Call Accuracy over the conversations of the same graph in the dataset. */
  userJourneyCoverage?: number;
  /** How many conversations that mean is over. */
  journeyConversations?: number;
};

/**
 * The item's payload as a conversation, or null when it does not have the canonical shape
 * (the viewer then says so and the raw view stays one tab away).
 */
export function conversationOf(payload: unknown): Conversation | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const candidate = payload as Partial<Conversation>;
  if (!Array.isArray(candidate.turns) || !Array.isArray(candidate.actualTrace)) return null;
  return candidate as Conversation;
}

/** The item's metrics as trace metrics, or null when it has none (no expected trace). */
export function traceMetricsOf(metrics: Record<string, unknown> | null): ConversationMetrics | null {
  if (!metrics || !Array.isArray(metrics.alignment) || typeof metrics.toolCallAccuracy !== 'number') return null;
  return metrics as unknown as ConversationMetrics;
}
