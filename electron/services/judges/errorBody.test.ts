import { afterEach, describe, expect, it } from 'vitest';
import { errorBodyForSdk } from './errorBody';
import { openAiProvider } from './provider';
import { startFakeOpenAiServer, status, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';

let server: FakeOpenAiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('errorBodyForSdk', () => {
  it('rewraps the error shapes the SDK cannot read, and leaves the rest alone', () => {
    // vLLM's older builds: the message at the top level.
    expect(errorBodyForSdk('{"object":"error","message":"json_schema is not supported","type":"BadRequestError","code":400}')).toBe('{"error":{"message":"json_schema is not supported"}}');
    // FastAPI gateways: `detail`, a string or a list of validation errors.
    expect(errorBodyForSdk('{"detail":"response_format unsupported"}')).toBe('{"error":{"message":"response_format unsupported"}}');
    expect(errorBodyForSdk('{"detail":[{"loc":["body","response_format"],"msg":"bad"}]}')).toBe(JSON.stringify({ error: { message: '[{"loc":["body","response_format"],"msg":"bad"}]' } }));
    // OpenAI's own shape, text, and JSON without a message stay as they are.
    for (const body of ['{"error":{"message":"context length exceeded"}}', 'Bad Gateway', '{"status":400}', '[1]', '']) expect(errorBodyForSdk(body)).toBe(body);
    expect(JSON.parse(errorBodyForSdk(JSON.stringify({ message: 'x'.repeat(2000) }))).error.message).toHaveLength(500);
  });

  it('lets the provider report what the server said, whatever its shape', async () => {
    server = await startFakeOpenAiServer();
    const provider = openAiProvider({ baseUrl: server.baseUrl, model: 'm', headers: {} }, null);
    const failure = async (body: string, code = 400) => {
      server!.enqueue(status(code, { 'retry-after': '3' }, body));
      return provider.complete({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, 2000).then(
        () => null,
        (error: unknown) => error as { message: string; status: number; retryAfterMs: number | null },
      );
    };
    // Without the rewrap the SDK says "400 status code (no body)" for the first two.
    expect(await failure('{"object":"error","message":"json_schema is not supported"}')).toMatchObject({ message: 'HTTP 400: json_schema is not supported', status: 400 });
    expect(await failure('{"detail":"response_format unsupported"}', 422)).toMatchObject({ message: 'HTTP 422: response_format unsupported', status: 422 });
    expect(await failure('{"error":{"message":"context length exceeded"}}')).toMatchObject({ message: 'HTTP 400: context length exceeded' });
    // Headers survive the rewrap: a 429's Retry-After is still honoured.
    expect(await failure('{"object":"error","message":"slow down"}', 429)).toMatchObject({ message: 'HTTP 429: slow down', retryAfterMs: 3000 });
  });
});
