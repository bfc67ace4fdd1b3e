import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatRequest } from '../../core/judges/request';
import { redactKey } from './apiKey';
import { CallError } from './callError';
import { fetchWithReadableErrors } from './errorBody';
import { retryAfterMs } from './retryPolicy';

/** An OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, llama.cpp server). */
export interface Endpoint {
  /** e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Extra headers (an Azure `api-key` deployment header, a proxy's routing header). Never stored: only their names are. */
  headers: Record<string, string>;
}

/** One answered request. */
export interface Completion {
  /** The response body exactly as received. */
  rawResponse: string;
  /** The model's message (its refusal text when it refused). */
  content: string;
  promptTokens: number | null;
  completionTokens: number | null;
  finishReason: string | null;
}

/** Sends one chat request; throws {@link CallError}. */
export interface ChatProvider {
  complete(request: ChatRequest, timeoutMs: number): Promise<Completion>;
}

/** How the error of an attempt that reached no server begins. */
export const UNREACHABLE = 'could not connect to the endpoint';

/** The placeholder sent when no key is configured; local servers ignore it, others answer 401. */
const NO_KEY = 'no-key-configured';

/**
 * A provider over the `openai` SDK. The SDK's own retries are off (`maxRetries: 0`): the run's
 * retry policy is the only one, so it is the one tests exercise. The per-call timeout covers
 * the whole exchange, body included (the SDK's own timeout stops at the headers). Error bodies
 * in the shapes other servers use are made readable to the SDK (see `errorBody.ts`).
 */
export function openAiProvider(endpoint: Endpoint, apiKey: string | null): ChatProvider {
  const client = new OpenAI({ baseURL: endpoint.baseUrl, apiKey: apiKey ?? NO_KEY, maxRetries: 0, defaultHeaders: endpoint.headers, fetch: fetchWithReadableErrors });
  return {
    async complete(request, timeoutMs) {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        const response = await client.chat.completions
          .create(request as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, { signal: controller.signal, timeout: timeoutMs, maxRetries: 0 })
          .asResponse();
        const raw = await response.text();
        return readCompletion(raw);
      } catch (error) {
        throw toCallError(error, timedOut, timeoutMs, apiKey);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Reads a chat-completion body.
 *
 * @throws CallError (`bad-body`) when it is not JSON or has no message.
 */
export function readCompletion(raw: string): Completion {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    throw new CallError(`the response body is not JSON (${(error as Error).message}); it begins: ${JSON.stringify(raw.slice(0, 80))}`, 'bad-body');
  }
  const choice = (body as { choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[] })?.choices?.[0];
  const message = choice?.message;
  if (!message) throw new CallError(`the response has no choices[0].message; it begins: ${JSON.stringify(raw.slice(0, 80))}`, 'bad-body');
  const content = typeof message.content === 'string' ? message.content : typeof message.refusal === 'string' ? message.refusal : '';
  const usage = (body as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } }).usage;
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);
  return {
    rawResponse: raw,
    content,
    promptTokens: count(usage?.prompt_tokens),
    completionTokens: count(usage?.completion_tokens),
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
  };
}

function toCallError(error: unknown, timedOut: boolean, timeoutMs: number, apiKey: string | null): CallError {
  if (error instanceof CallError) return error;
  const clean = (text: string) => redactKey(text, apiKey);
  if (timedOut || error instanceof APIConnectionTimeoutError) return new CallError(`no complete answer within ${timeoutMs} ms`, 'timeout');
  if (error instanceof APIUserAbortError) return new CallError('the request was aborted', 'connection');
  // No connection made (refused, unknown host, TLS handshake failed): the request was not delivered.
  const unreachable = error instanceof APIError && typeof error.status === 'number' ? null : unreachableReason(error);
  if (unreachable !== null) return new CallError(clean(`${UNREACHABLE}: ${unreachable}`), 'unreachable');
  if (error instanceof APIConnectionError) {
    const cause = innermostCause(error);
    return new CallError(clean(`connection failed: ${error.message}${cause ? ` (${causeText(cause)})` : ''}`), 'connection');
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const wait = retryAfterMs(error.headers as { get(name: string): string | null } | undefined);
    // The SDK's message starts with the status already ("400 …"): said once.
    const message = clean(`HTTP ${status}: ${error.message.replace(new RegExp(`^${status}\\s+`), '')}`);
    if (status === 429) return new CallError(message, 'rate-limited', status, wait);
    if (status >= 500 || status === 408 || status === 409) return new CallError(message, 'server', status, wait);
    if (status === 401 || status === 403 || status === 404) return new CallError(message, 'unauthorized', status);
    return new CallError(message, 'rejected', status);
  }
  // The body stream broke (a truncated response) or something below the SDK failed.
  const text = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
  return new CallError(clean(`the response could not be read: ${text}`), 'connection');
}

/**
 * System error codes of a request that never reached a server: no connection was made (refused,
 * unknown host, no route, connect timeout) or the TLS handshake failed, so nothing was delivered
 * and nothing can have been charged. A reset or a timeout after connecting is not among them: the
 * server may have received the request.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EAI_NODATA',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'HOSTNAME_MISMATCH',
]);
const UNREACHABLE_PREFIXES = ['ERR_SSL_', 'ERR_TLS_', 'CERT_', 'UNABLE_TO_'];

const isUnreachableCode = (code: unknown) => typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_PREFIXES.some((p) => code.startsWith(p)));

/**
 * Why a connection error means the request never reached a server, or null when it may have:
 * the innermost cause (fetch wraps the system error, and Node's dual-stack connect gathers one
 * per address in an AggregateError, every one of which must be such a failure) carries a code of
 * {@link UNREACHABLE_CODES}.
 *
 * @example unreachableReason(new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: refused } ) }))
 *   // 'connect ECONNREFUSED 127.0.0.1:9' (refused: the system error, code ECONNREFUSED)
 */
export function unreachableReason(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const { code, errors } = current as Error & { code?: unknown; errors?: unknown };
    if (Array.isArray(errors) && errors.length > 0) {
      return errors.every((e) => isUnreachableCode((e as { code?: unknown })?.code)) ? causeText(current) : null;
    }
    if (isUnreachableCode(code)) return causeText(current);
    current = current.cause;
  }
  return null;
}

/** The innermost error in an error's chain of causes (not the error itself), or null when it has none. */
function innermostCause(error: Error): Error | null {
  let found: Error | null = null;
  for (let current = error.cause, depth = 0; current instanceof Error && depth < 6; current = current.cause, depth++) found = current;
  return found;
}

/** An error's message, with its code when the message does not say it, on one line and at most 200 characters. */
function causeText(error: Error): string {
  const code = (error as { code?: unknown }).code;
  const errors = (error as { errors?: unknown }).errors;
  const inner = Array.isArray(errors) && errors[0] instanceof Error && error.message === '' ? errors[0] : error;
  const line = inner.message.split('\n')[0];
  // OpenSSL's "806C…:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:<source file>:354:": its reason.
  const message = /^[0-9A-F]+:error:[0-9A-F]+:[^:]*:[^:]*:([^:]+)/.exec(line)?.[1] ?? line;
  const text = typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
