import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for tests and the benchmark (DESIGN.md §7: no test needs
 * the internet). It answers `POST /v1/chat/completions` with scripted replies and can fail on
 * purpose: 429 with Retry-After, 5xx, never answering, a body that is not JSON, a body cut off
 * mid-way, or refuse structured output (`response_format: json_schema`) as some servers do. It
 * binds 127.0.0.1 on a free port and counts every request it receives.
 */

/** One request as the server saw it. */
export interface FakeRequest {
  /** 0-based order of arrival. */
  index: number;
  /** The parsed JSON body (`model`, `messages`, `response_format`, …). */
  body: { model?: string; messages?: { role: string; content: string }[]; [key: string]: unknown };
  /** Every message's content joined with blank lines: what scripts match against. */
  prompt: string;
  headers: IncomingHttpHeaders;
  /** `Date.now()` when the body had arrived. */
  receivedAt: number;
}

/** What the server does with one request. */
export type FakeReply =
  | { kind: 'answer'; content: string; promptTokens?: number; completionTokens?: number; latencyMs?: number }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string>; latencyMs?: number }
  /** Accepts the request and never answers (the client's timeout must fire). */
  | { kind: 'hang' }
  /** 200 with a JSON content type and a body that is not JSON. */
  | { kind: 'malformed'; latencyMs?: number }
  /** 200 announcing a longer body than it sends, then closes the connection. */
  | { kind: 'truncated'; latencyMs?: number };

/** A reply whose message content is `content` (objects are sent as JSON text). */
export const answer = (content: string | object, extra: Omit<Extract<FakeReply, { kind: 'answer' }>, 'kind' | 'content'> = {}): FakeReply => ({
  kind: 'answer',
  content: typeof content === 'string' ? content : JSON.stringify(content),
  ...extra,
});
/** An HTTP error, e.g. `status(429, { 'retry-after': '1' })`. */
export const status = (code: number, headers: Record<string, string> = {}, body?: string): FakeReply => ({
  kind: 'status',
  status: code,
  headers,
  body: body ?? JSON.stringify({ error: { message: `scripted ${code}`, type: 'server_error' } }),
});
export const hang = (): FakeReply => ({ kind: 'hang' });
export const malformedBody = (): FakeReply => ({ kind: 'malformed' });
export const truncatedBody = (): FakeReply => ({ kind: 'truncated' });

/** Replies for the requests that match, used in order; once used up the rule no longer applies. */
export interface FakeRule {
  /** A substring or pattern of the prompt, or a predicate. */
  match: string | RegExp | ((request: FakeRequest) => boolean);
  replies: FakeReply[];
}

/**
 * The 400 an endpoint without structured output sends for `response_format: json_schema`, in
 * the top-level `{object, message}` shape of vLLM's older builds (the SDK does not read it by
 * itself; the provider must).
 */
export const JSON_SCHEMA_REFUSAL = JSON.stringify({
  object: 'error',
  message: "response_format type 'json_schema' is not supported by this server; use 'json_object' or 'text'",
  type: 'BadRequestError',
  param: 'response_format',
  code: 400,
});

export interface FakeServerOptions {
  /** Delay before every reply that does not set its own. */
  latencyMs?: number;
  /** The reply when no rule and no queued reply applies; a string or object is an answer. */
  respond?: (request: FakeRequest) => FakeReply | string | object;
  rules?: FakeRule[];
  /** Answer every request asking for `response_format: json_schema` with HTTP 400 and this body (see {@link JSON_SCHEMA_REFUSAL}). */
  refuseJsonSchema?: string;
  /** The port on 127.0.0.1 to listen on (a test bringing up an endpoint a run found closed); a free one when absent. */
  port?: number;
}

/** A running fake server. */
export interface FakeOpenAiServer {
  /** Base URL for the SDK, e.g. `http://127.0.0.1:41234/v1`. */
  readonly baseUrl: string;
  /** Every chat request received, in order of arrival. */
  readonly requests: FakeRequest[];
  /** Requests whose prompt matches. */
  requestsMatching(match: string | RegExp): FakeRequest[];
  /** Adds a rule, checked before the earlier ones. */
  addRule(rule: FakeRule): void;
  /** Replies used for the next requests that no rule claims, first in first out. */
  enqueue(...replies: FakeReply[]): void;
  setLatency(ms: number): void;
  /** Starts (a body) or stops (null) refusing `json_schema` requests with HTTP 400. */
  refuseJsonSchema(body: string | null): void;
  /** Requests being answered right now. */
  readonly inFlight: number;
  close(): Promise<void>;
}

const matches = (rule: FakeRule, request: FakeRequest) =>
  typeof rule.match === 'function' ? rule.match(request) : typeof rule.match === 'string' ? request.prompt.includes(rule.match) : rule.match.test(request.prompt);

/** Starts a fake server on 127.0.0.1 and a free port (or `options.port`). */
export async function startFakeOpenAiServer(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  const requests: FakeRequest[] = [];
  const rules: FakeRule[] = [...(options.rules ?? [])];
  const queue: FakeReply[] = [];
  let latency = options.latencyMs ?? 0;
  let jsonSchemaRefusal = options.refuseJsonSchema ?? null;
  let inFlight = 0;
  const timers = new Set<NodeJS.Timeout>();

  const choose = (request: FakeRequest): FakeReply => {
    const format = request.body.response_format as { type?: unknown } | undefined;
    if (jsonSchemaRefusal !== null && format?.type === 'json_schema') return { kind: 'status', status: 400, body: jsonSchemaRefusal, latencyMs: 0 };
    const rule = rules.find((r) => r.replies.length > 0 && matches(r, request));
    if (rule) return rule.replies.shift()!;
    if (queue.length > 0) return queue.shift()!;
    if (!options.respond) return status(500, {}, JSON.stringify({ error: { message: 'the fake server has no scripted reply for this request' } }));
    const reply = options.respond(request);
    return typeof reply === 'object' && reply !== null && 'kind' in reply ? (reply as FakeReply) : answer(reply as string | object);
  };

  const later = (ms: number, work: () => void) => {
    if (ms <= 0) return work();
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: FakeRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the request body is not JSON' } }));
        return;
      }
      const request: FakeRequest = {
        index: requests.length,
        body,
        prompt: (body.messages ?? []).map((m) => m.content).join('\n\n'),
        headers: req.headers,
        receivedAt: Date.now(),
      };
      requests.push(request);
      const reply = choose(request);
      if (reply.kind === 'hang') return;
      inFlight++;
      later(reply.latencyMs ?? latency, () => {
        inFlight--;
        if (res.destroyed) return;
        send(res, request, reply);
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsMatching: (match) => requests.filter((r) => (typeof match === 'string' ? r.prompt.includes(match) : match.test(r.prompt))),
    addRule: (rule) => rules.unshift(rule),
    enqueue: (...replies) => queue.push(...replies),
    setLatency: (ms) => {
      latency = ms;
    },
    refuseJsonSchema: (body) => {
      jsonSchemaRefusal = body;
    },
    get inFlight() {
      return inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: http.ServerResponse, request: FakeRequest, reply: Exclude<FakeReply, { kind: 'hang' }>): void {
  switch (reply.kind) {
    case 'status':
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body);
      return;
    case 'malformed':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "chatcmpl-broken", "choices": [');
      return;
    case 'truncated': {
      const full = completionBody(request, 'this body will be cut off before it ends', 10, 10);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(full)) });
      res.write(full.slice(0, Math.floor(full.length / 2)));
      // Give the half body a moment to leave, then drop the connection.
      setTimeout(() => res.socket?.destroy(), 5);
      return;
    }
    case 'answer': {
      const promptTokens = reply.promptTokens ?? Math.ceil(request.prompt.length / 4);
      const completionTokens = reply.completionTokens ?? Math.ceil(reply.content.length / 4);
      res.writeHead(200, { 'content-type': 'application/json' }).end(completionBody(request, reply.content, promptTokens, completionTokens));
      return;
    }
  }
}

function completionBody(request: FakeRequest, content: string, promptTokens: number, completionTokens: number): string {
  return JSON.stringify({
    id: `chatcmpl-fake-${request.index}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: request.body.model ?? 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
}
