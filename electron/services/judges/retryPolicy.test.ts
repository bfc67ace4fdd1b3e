import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../core/judges/request';
import { CallError } from './callError';
import { callWithRetries } from './callWithRetries';
import type { ChatProvider, Completion } from './provider';
import { readCompletion } from './provider';
import { backoffDelay, DEFAULT_RETRY_POLICY, retryAfterMs } from './retryPolicy';

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });

describe('retryAfterMs', () => {
  it('reads seconds, fractional seconds, HTTP dates and retry-after-ms', () => {
    expect(retryAfterMs(headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': '0.25' }))).toBe(250);
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 21 Oct 2015 07:27:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(headers({ 'retry-after': '3', 'retry-after-ms': '1500' }))).toBe(1500);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeNull();
    expect(retryAfterMs(headers({}))).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });
});

describe('backoffDelay', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
  it('doubles per attempt with equal jitter, capped', () => {
    // Half fixed, half random: random() = 0 gives the lower end, 1 the upper.
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, null, policy, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([1, 2, 3].map((a) => backoffDelay(a, null, policy, () => 1))).toEqual([100, 200, 400]);
  });
  it('never retries sooner than Retry-After', () => {
    expect(backoffDelay(1, 3000, policy, () => 0)).toBe(3000);
    expect(backoffDelay(1, 3000, policy, () => 1)).toBe(3300);
    expect(backoffDelay(1, 30_000, policy, () => 1)).toBe(31_000);
  });
});

describe('callWithRetries', () => {
  const request: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
  const ok: Completion = { rawResponse: '{}', content: '{}', promptTokens: 1, completionTokens: 1, finishReason: 'stop' };
  const scripted = (...steps: (CallError | Completion)[]): ChatProvider & { calls: number } => {
    const provider = {
      calls: 0,
      complete: async () => {
        const step = steps[provider.calls++];
        if (step instanceof CallError) throw step;
        return step;
      },
    };
    return provider;
  };
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    return true;
  };
  const options = { policy: { ...DEFAULT_RETRY_POLICY, maxAttempts: 3 }, timeoutMs: 100, sleep, random: () => 0 };

  it('retries retryable errors, waiting Retry-After when given', async () => {
    waits.length = 0;
    const provider = scripted(new CallError('429', 'rate-limited', 429, 1200), new CallError('503', 'server', 503), ok);
    expect(await callWithRetries(provider, request, options)).toMatchObject({ kind: 'answered', attempts: 3, sent: 3 });
    expect(waits).toEqual([1200, 500]);
  });

  it('gives up after maxAttempts, and at once on errors no retry fixes', async () => {
    const failing = scripted(new CallError('t', 'timeout'), new CallError('t', 'timeout'), new CallError('t', 'timeout'), ok);
    expect(await callWithRetries(failing, request, options)).toMatchObject({ kind: 'failed', attempts: 3, error: { kind: 'timeout', message: 't (gave up after 3 attempts)' } });
    const rejected = scripted(new CallError('HTTP 400: bad', 'rejected', 400), ok);
    expect(await callWithRetries(rejected, request, options)).toMatchObject({ kind: 'failed', attempts: 1 });
    expect(rejected.calls).toBe(1);
  });

  it('gives up instead of waiting longer than allowed, and stops waiting on cancel', async () => {
    const patient = scripted(new CallError('429', 'rate-limited', 429, 600_000), ok);
    expect(await callWithRetries(patient, request, options)).toMatchObject({ kind: 'failed', error: { message: expect.stringMatching(/asked to wait 600 s/) } });
    const controller = new AbortController();
    controller.abort();
    const cancelled = scripted(new CallError('500', 'server', 500), ok);
    expect(await callWithRetries(cancelled, request, { ...options, sleep: undefined, signal: controller.signal })).toEqual({ kind: 'cancelled', attempts: 1, sent: 1 });
  });

  it('counts as sent only the attempts that reached a server, and says when none did', async () => {
    const refused = () => new CallError('could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:9', 'unreachable');
    const ended: boolean[] = [];
    const down = scripted(refused(), refused(), refused(), ok);
    const outcome = await callWithRetries(down, request, { ...options, onAttemptEnd: (reached) => ended.push(reached) });
    expect(outcome).toMatchObject({
      kind: 'failed',
      attempts: 3,
      sent: 0,
      error: { kind: 'unreachable', message: 'could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:9 (gave up after 3 attempts; none reached a server)', reason: 'could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:9' },
    });
    expect(ended).toEqual([false, false, false]);
    // Refused, then a 503, then an answer: two of three attempts were sent.
    ended.length = 0;
    const back = scripted(refused(), new CallError('HTTP 503: busy', 'server', 503), ok);
    expect(await callWithRetries(back, request, { ...options, onAttemptEnd: (reached) => ended.push(reached) })).toMatchObject({ kind: 'answered', attempts: 3, sent: 2 });
    expect(ended).toEqual([false, true, true]);
    // A timeout counts as sent: the server may have received it.
    const slow = scripted(new CallError('t', 'timeout'), new CallError('t', 'timeout'), new CallError('t', 'timeout'));
    expect(await callWithRetries(slow, request, options)).toMatchObject({ kind: 'failed', attempts: 3, sent: 3, error: { message: 't (gave up after 3 attempts)' } });
  });
});

describe('readCompletion', () => {
  it('reads content, usage and finish reason, and refuses bodies that are not completions', () => {
    const body = JSON.stringify({ choices: [{ message: { content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 1 } });
    expect(readCompletion(body)).toEqual({ rawResponse: body, content: 'hi', promptTokens: 3, completionTokens: 1, finishReason: 'stop' });
    expect(readCompletion('{"choices":[{"message":{"content":null,"refusal":"no"}}]}')).toMatchObject({ content: 'no', promptTokens: null });
    expect(() => readCompletion('{"choices": [')).toThrow(/the response body is not JSON/);
    expect(() => readCompletion('{"error": "x"}')).toThrow(/no choices\[0\]\.message/);
  });
});

describe('nodeRequestHash', () => {
  it('equals the pure requestHash of core/judges (the cache key must not depend on who computed it)', async () => {
    const { requestHash } = await import('../../core/judges/request');
    const { nodeRequestHash } = await import('./nodeRequestHash');
    const request: ChatRequest = { model: 'm', messages: [{ role: 'system', content: 'Été — 日本 🙂' }, { role: 'user', content: 'x'.repeat(5000) }], temperature: 0, seed: 7 };
    expect(nodeRequestHash(request)).toBe(requestHash(request));
  });
});
