import { type FinishCall, readFinishAnswers, splitExpectedTrace } from './finishAction';
import type { Conversation, ConversationSourceFormat, ExpectedTermination, TraceCall } from './model';
import { messageTurns } from './messageTurns';
import { pairToolTurns } from './pairToolTurns';
import { TOP_LEVEL_SCENARIO_FIELDS, readScenario } from './scenario';
import { type JsonObject, optionalId, optionalString, own, requireArray, requireObject, unknownFields } from './shape';
import { actualTrace, readExpectedTrace } from './traces';

/** Record fields that hold an expected tool trace, in order of preference. */
export const EXPECTED_TRACE_FIELDS: readonly string[] = ['expected_tool_trace', 'expected_trace', 'expectedToolTrace'];

const RECORD_FIELDS = new Set([
  'id', 'conversation_id', 'domain', 'flowgraph_id', 'graph', 'procedure', 'intent', 'model', 'messages',
  ...EXPECTED_TRACE_FIELDS, ...TOP_LEVEL_SCENARIO_FIELDS,
]);

/**
 * Reads one conversation record of the chat or roles formats: `messages` (see
 * `messageTurns`), `id` (or `conversation_id`; else `fallbackId`), `domain`, `graph` (the
 * graph item's id in `flowgraph_id`, else `graph` or the roles format's `procedure`), `intent`, `model`, the scenario fields (see `readScenario`)
 * and an expected trace (`expected_tool_trace`; entries that are ToolBench's `Finish` termination
 * go to `expectedTerminations`, see `splitExpectedTrace`). Other fields are kept in `extra`.
 *
 * @throws {FormatError} naming the field when the record has the wrong shape.
 */
export function readMessageConversation(
  raw: unknown,
  ctx: { sourceFormat: ConversationSourceFormat; line: number | null; fallbackId: string },
): Conversation {
  const { line } = ctx;
  const record = requireObject(raw, 'record', line);
  const finishes: FinishCall[] = [];
  const turns = messageTurns(requireArray(own(record, 'messages'), 'messages', line), line, finishes);
  pairToolTurns(turns);
  // ToolBench's termination calls nothing answers are the agent's final answer, not tool calls.
  const terminated = readFinishAnswers(turns, finishes);
  const traceField = EXPECTED_TRACE_FIELDS.find((key) => own(record, key) !== undefined && own(record, key) !== null);
  let expectedTrace: TraceCall[] | null = null;
  let terminations: ExpectedTermination[] = [];
  if (traceField) {
    // A gold that lists ToolBench's termination: kept beside the scored calls, as the agent's is.
    ({ scored: expectedTrace, terminations } = splitExpectedTrace(readExpectedTrace(own(record, traceField), traceField, line), traceField, turns, terminated));
  }
  const conversation: Conversation = {
    sourceFormat: ctx.sourceFormat,
    id: firstId(record, ['id', 'conversation_id'], line) ?? ctx.fallbackId,
    domain: optionalString(own(record, 'domain'), 'domain', line),
    // The flowgraph the conversation was generated from, by its id (ALMITA), else by its name.
    graph: firstString(record, ['flowgraph_id', 'graph', 'procedure'], line),
    intent: optionalString(own(record, 'intent'), 'intent', line),
    model: optionalString(own(record, 'model'), 'model', line),
    scenario: readScenario(record, line),
    turns,
    expectedTrace,
    actualTrace: actualTrace(turns),
    extra: unknownFields(record, RECORD_FIELDS) ?? {},
  };
  if (terminations.length > 0) conversation.expectedTerminations = terminations;
  return conversation;
}

function firstId(record: JsonObject, keys: string[], line: number | null): string | null {
  for (const key of keys) {
    const id = optionalId(own(record, key), key, line);
    if (id !== null) return id;
  }
  return null;
}

function firstString(record: JsonObject, keys: string[], line: number | null): string | null {
  for (const key of keys) {
    const value = optionalString(own(record, key), key, line);
    if (value !== null) return value;
  }
  return null;
}
