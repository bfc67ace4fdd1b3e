import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallError } from './callError';
import { closedPort } from '../../testing/closedPort';
import { openAiProvider, unreachableReason } from './provider';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A plain-HTTP server on 127.0.0.1 that handles each request with `handler`. */
async function serve(handler: http.RequestListener): Promise<{ port: number; received: () => number }> {
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received: () => count };
}

const fail = (baseUrl: string) =>
  openAiProvider({ baseUrl, model: 'm', headers: {} }, null)
    .complete({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, 5000)
    .then(
      () => {
        throw new Error('expected the request to fail');
      },
      (error: unknown) => error as CallError,
    );

describe('openAiProvider: whether a failed request reached a server', () => {
  it('calls a refused connection unreachable, naming the system error', async () => {
    const port = await closedPort();
    const error = await fail(`http://127.0.0.1:${port}/v1`);
    expect(error).toMatchObject({ kind: 'unreachable', message: `could not connect to the endpoint: connect ECONNREFUSED 127.0.0.1:${port}` });
    expect(error.retryable).toBe(true);
    expect(error.reachedServer).toBe(false);
    expect(error.stopsRun).toBe(false);
  });

  it('calls a failed TLS handshake unreachable: nothing was delivered', async () => {
    // https to a plain-HTTP server: the handshake fails before any request is written.
    const plain = await serve((_req, res) => res.end('{}'));
    const error = await fail(`https://127.0.0.1:${plain.port}/v1`);
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe('could not connect to the endpoint: ERR_SSL_WRONG_VERSION_NUMBER: wrong version number');
    expect(plain.received()).toBe(0);
  });

  it('counts a connection dropped after the request arrived as sent (it may have been charged)', async () => {
    const dropping = await serve((req) => req.socket.destroy());
    const error = await fail(`http://127.0.0.1:${dropping.port}/v1`);
    expect(dropping.received()).toBe(1);
    expect(error.kind).toBe('connection');
    expect(error.reachedServer).toBe(true);
  });
});

describe('unreachableReason', () => {
  const system = (message: string, code: string) => Object.assign(new Error(message), { code });
  // The chain fetch and the SDK build: APIConnectionError ← TypeError('fetch failed') ← the system error.
  const chain = (inner: Error) => new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: inner }) });

  it('finds DNS, connect and TLS failures at the end of the chain of causes', () => {
    expect(unreachableReason(chain(system('getaddrinfo ENOTFOUND judge.example', 'ENOTFOUND')))).toBe('getaddrinfo ENOTFOUND judge.example');
    expect(unreachableReason(chain(system('getaddrinfo EAI_AGAIN judge.example', 'EAI_AGAIN')))).toBe('getaddrinfo EAI_AGAIN judge.example');
    expect(unreachableReason(chain(system('Connect Timeout Error', 'UND_ERR_CONNECT_TIMEOUT')))).toBe('UND_ERR_CONNECT_TIMEOUT: Connect Timeout Error');
    expect(unreachableReason(chain(system('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT')))).toBe('DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate');
    expect(unreachableReason(chain(system("Hostname/IP does not match certificate's altnames", 'ERR_TLS_CERT_ALTNAME_INVALID')))).toMatch(/^ERR_TLS_CERT_ALTNAME_INVALID: /);
  });

  it('takes a dual-stack connect failure as unreachable only when every address failed so', () => {
    const refusedBoth = Object.assign(new AggregateError([system('connect ECONNREFUSED ::1:9', 'ECONNREFUSED'), system('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED')], ''), { code: 'ECONNREFUSED' });
    expect(unreachableReason(chain(refusedBoth))).toBe('connect ECONNREFUSED ::1:9');
    const mixed = new AggregateError([system('connect ECONNREFUSED ::1:9', 'ECONNREFUSED'), system('read ECONNRESET', 'ECONNRESET')], '');
    expect(unreachableReason(chain(mixed))).toBeNull();
  });

  it('leaves failures after connecting alone: a reset, a closed socket, a timeout', () => {
    expect(unreachableReason(chain(system('read ECONNRESET', 'ECONNRESET')))).toBeNull();
    expect(unreachableReason(chain(system('other side closed', 'UND_ERR_SOCKET')))).toBeNull();
    expect(unreachableReason(chain(system('Headers Timeout Error', 'UND_ERR_HEADERS_TIMEOUT')))).toBeNull();
    expect(unreachableReason(new Error('Connection error.'))).toBeNull();
  });
});
