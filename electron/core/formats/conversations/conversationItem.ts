import type { MetadataValue, ParsedItem } from '../types';
import type { Conversation } from './model';
import { traceMetrics } from './traceMetrics';
import { type ConversationValidationOptions, validateConversation } from './validateConversation';

/**
 * Wraps a parsed conversation as an importable item: the conversation as payload, the
 * validators' findings, filterable metadata (`domain`, `graph`, `intent`, `scenarioType`,
 * `model` where known; `turnCount` and `toolCallCount` always) and, when the conversation has
 * an expected trace, its reference metrics (`TraceMetrics`).
 */
export function conversationItem(conversation: Conversation, line: number, options: ConversationValidationOptions = {}): ParsedItem {
  const metadata: Record<string, MetadataValue> = {};
  const put = (key: string, value: string | null | undefined): void => {
    if (value !== null && value !== undefined) metadata[key] = value;
  };
  put('domain', conversation.domain);
  put('graph', conversation.graph);
  put('intent', conversation.intent);
  put('scenarioType', conversation.scenario?.type);
  put('model', conversation.model);
  metadata.turnCount = conversation.turns.length;
  metadata.toolCallCount = conversation.actualTrace.length;

  const item: ParsedItem = {
    externalId: conversation.id,
    kind: 'conversation',
    payload: conversation,
    rawText: null,
    metadata,
    findings: validateConversation(conversation, options),
    line,
  };
  if (conversation.expectedTrace !== null) item.metrics = traceMetrics(conversation.expectedTrace, conversation.actualTrace, conversation.scoring);
  return item;
}
