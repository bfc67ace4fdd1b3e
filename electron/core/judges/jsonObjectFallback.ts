import type { JudgeOutput } from './model';
import type { ChatRequest } from './request';

/**
 * The fallback for endpoints that refuse structured output. Many OpenAI-compatible servers
 * (vLLM, older llama.cpp server builds, some gateways) accept `response_format: json_object`
 * but answer `json_schema` with an HTTP 400. A judge asking for `json_schema` then asks for
 * `json_object` instead, with the schema written into the prompt; its answers are checked
 * against the same schema (see `answerSchema.ts`), since the server no longer enforces it.
 */

/** HTTP statuses with which servers refuse a request they cannot parse or do not support. */
const REFUSAL_STATUSES = new Set([400, 422]);

/** What a refusal of structured output names: the parameter, its type, or the feature. */
const NAMES_STRUCTURED_OUTPUT = /response[_ ]?format|json[_ ]?schema|structured[_ -]?outputs?/i;

/**
 * Whether an endpoint's error refuses `response_format: json_schema`: an HTTP 400 (or 422, as
 * FastAPI-based gateways answer) whose message names `response_format`, `json_schema` or
 * structured output. Any other 4xx is the request's own fault and fails as it did.
 *
 * @example isJsonSchemaRefusal(400, "HTTP 400: Invalid parameter: 'response_format' of type 'json_schema' is not supported") // true
 * @example isJsonSchemaRefusal(400, 'HTTP 400: context length exceeded') // false
 */
export function isJsonSchemaRefusal(status: number | null, message: string): boolean {
  return status !== null && REFUSAL_STATUSES.has(status) && NAMES_STRUCTURED_OUTPUT.test(message);
}

/** The instruction appended to the prompt in fallback mode, before the schema itself. */
export const SCHEMA_INSTRUCTION = 'Your reply must be one JSON object that follows this JSON Schema exactly:';

/**
 * A `json_schema` request rewritten for `json_object` mode: `response_format` becomes
 * `{ type: 'json_object' }` and the last user message ends with the schema (pretty-printed,
 * after {@link SCHEMA_INSTRUCTION}). Everything else — model, sampling, the rest of the
 * prompt — is unchanged, so the answers stay comparable with structured ones.
 *
 * @throws Error when the request does not ask for `json_schema` (nothing to fall back from).
 */
export function jsonObjectFallback(request: ChatRequest): ChatRequest {
  const format = request.response_format;
  if (format?.type !== 'json_schema') throw new Error('only a json_schema request has a json_object fallback');
  const schema = format.json_schema.schema;
  const messages = request.messages.map((m) => ({ ...m }));
  const last = messages.findLastIndex((m) => m.role === 'user');
  const note = `${SCHEMA_INSTRUCTION}\n${JSON.stringify(schema, null, 2)}`;
  if (last === -1) messages.push({ role: 'user', content: note });
  else messages[last] = { ...messages[last], content: `${messages[last].content}\n\n${note}` };
  return { ...request, messages, response_format: { type: 'json_object' } };
}

/** Whether a judge's requests can fall back: only `json_schema` judges have something to fall back from. */
export function canFallBack(output: Pick<JudgeOutput, 'mode'>): boolean {
  return output.mode === 'json_schema';
}
