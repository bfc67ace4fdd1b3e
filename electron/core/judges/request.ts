import { canonicalJson } from './canonicalJson';
import type { JudgeDefinition } from './model';
import type { BindingContext } from './placeholders';
import { sha256Hex } from './sha256';
import { renderTemplate } from './template';

/** A chat message as OpenAI-compatible endpoints take it. */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The body of one `POST /chat/completions`, exactly as sent (and hashed). Field names are the
 * wire names so the body can be shown in a preview and sent without translation.
 */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  seed?: number;
  response_format?:
    | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict: boolean } }
    | { type: 'json_object' };
}

/** A rendered request with its hash, or why the item cannot be judged. */
export type BuiltRequest = { ok: true; request: ChatRequest; hash: string } | { ok: false; error: string };

/**
 * Renders a judge's template for one item (or one unit of it) and assembles the request.
 * The hash is SHA-256 of the request's canonical JSON (model and sampling included): the
 * cache key of DESIGN.md §6, so any change to what is sent is a cache miss. `hash` lets Node
 * code use its native SHA-256 (same result, faster).
 */
export function buildRequest(judge: JudgeDefinition, ctx: BindingContext, model: string, hash: (request: ChatRequest) => string = requestHash): BuiltRequest {
  const system = renderTemplate(judge.template.system, ctx);
  if (!system.ok) return system;
  const user = renderTemplate(judge.template.user, ctx);
  if (!user.ok) return user;
  const request: ChatRequest = {
    model,
    messages: [
      ...(system.text.trim() === '' ? [] : [{ role: 'system' as const, content: system.text }]),
      { role: 'user', content: user.text },
    ],
  };
  const s = judge.sampling;
  if (s.temperature !== null) request.temperature = s.temperature;
  if (s.topP !== null) request.top_p = s.topP;
  if (s.maxTokens !== null) request.max_tokens = s.maxTokens;
  if (s.seed !== null) request.seed = s.seed;
  if (judge.output.mode === 'json_schema') {
    request.response_format = { type: 'json_schema', json_schema: { name: judge.output.name, schema: judge.output.schema, strict: judge.output.strict } };
  } else if (judge.output.mode === 'json_object') {
    request.response_format = { type: 'json_object' };
  }
  return { ok: true, request, hash: hash(request) };
}

/** SHA-256 (hex) of a request's canonical JSON. */
export function requestHash(request: ChatRequest): string {
  return sha256Hex(canonicalJson(request));
}
