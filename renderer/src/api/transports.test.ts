import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccordBridge } from '../../../electron/api/bridge';
import { ApiCallError } from '../../../electron/common/apiClient';
import { bridgeTransport } from './bridgeTransport';
import { httpTransport, replyOf } from './httpTransport';

afterEach(() => vi.unstubAllGlobals());

describe('bridge transport (desktop)', () => {
  function fakeBridge() {
    let emit: (event: string, payload: unknown) => void = () => undefined;
    const bridge: AccordBridge = {
      invoke: vi.fn(async (method: string) =>
        method === 'datasets.list' ? { ok: true as const, value: [] } : { ok: false as const, error: { code: 'not-found' as const, message: 'no such item' } },
      ),
      onEvent: vi.fn((listener) => {
        emit = listener;
        return () => undefined;
      }),
      pathForFile: (file: File) => `/data/${file.name}`,
    };
    return { bridge, emit: (event: string, payload: unknown) => emit(event, payload) };
  }

  it('calls through the bridge and turns error replies into ApiCallError', async () => {
    const { bridge } = fakeBridge();
    const transport = bridgeTransport(bridge);
    await expect(transport.client['datasets.list']({})).resolves.toEqual([]);
    await expect(transport.client['items.get']({ id: 9 })).rejects.toBeInstanceOf(ApiCallError);
    expect(bridge.invoke).toHaveBeenCalledWith('items.get', { id: 9 }, null);
  });

  it('names the window\'s person beside the arguments once it is set, never in them', async () => {
    const { bridge } = fakeBridge();
    const transport = bridgeTransport(bridge);
    transport.setCaller('ana');
    await transport.client['datasets.list']({});
    expect(bridge.invoke).toHaveBeenLastCalledWith('datasets.list', {}, 'ana');
  });

  it('is never taken for a promise, and has no methods but the contract\'s names', () => {
    const transport = bridgeTransport(fakeBridge().bridge);
    expect((transport.client as unknown as Record<string, unknown>).then).toBeUndefined();
    expect(typeof transport.client['items.get']).toBe('function');
  });

  it('subscribes to the bridge once and delivers each event only to its listeners', () => {
    const { bridge, emit } = fakeBridge();
    const transport = bridgeTransport(bridge);
    const progress = vi.fn();
    const changed = vi.fn();
    transport.client.on('job.progress', progress);
    const off = transport.client.on('workspace.changed', changed);
    expect(bridge.onEvent).toHaveBeenCalledTimes(1);
    emit('workspace.changed', { what: 'datasets' });
    off();
    emit('workspace.changed', { what: 'datasets' });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(progress).not.toHaveBeenCalled();
  });

  it('passes picked files by path', async () => {
    const transport = bridgeTransport(fakeBridge().bridge);
    await expect(transport.importSources([new File(['x'], 'plans.jsonl')])).resolves.toEqual([{ path: '/data/plans.jsonl' }]);
  });
});

describe('HTTP transport (browser mode)', () => {
  it('posts JSON to api/call/<method> relative to the page', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true, value: { deleted: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const transport = httpTransport('http://127.0.0.1:4000/');
    await expect(transport.client['datasets.delete']({ id: 3 })).resolves.toEqual({ deleted: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe('http://127.0.0.1:4000/api/call/datasets.delete');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"id":3}');
    expect(new Headers(init.headers).has('x-accord-as')).toBe(false);
    expect(new Headers(init.headers).has('authorization')).toBe(false);
    expect(init.credentials).toBe('omit');
  });

  it('sends the access token as a bearer header on every call, never as a cookie', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true, value: [] }));
    vi.stubGlobal('fetch', fetchMock);
    let token = 'first';
    const transport = httpTransport('http://127.0.0.1:4000/', () => token);
    await transport.client['datasets.list']({});
    token = 'second';
    await transport.client['datasets.list']({});
    const headers = fetchMock.mock.calls.map((call) => new Headers((call as unknown as [URL, RequestInit])[1].headers).get('authorization'));
    expect(headers).toEqual(['Bearer first', 'Bearer second']);
  });

  it('names the caller in the x-accord-as header, percent-encoded', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true, value: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const transport = httpTransport('http://127.0.0.1:4000/');
    transport.setCaller('Zoë K');
    await transport.client['datasets.list']({});
    const [, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(new Headers(init.headers).get('x-accord-as')).toBe('Zo%C3%AB%20K');
    expect(init.body).toBe('{}');
  });

  it('says the server is unreachable instead of throwing a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const transport = httpTransport('http://127.0.0.1:4000/');
    await expect(transport.client['workspace.info']({})).rejects.toThrow(/Cannot reach the Accord server/);
  });

  it('on a team page, says the team server may be restarting and whom to tell, not to check accord serve', async () => {
    const page = { location: { hash: '', pathname: '/', search: '' }, history: { state: null, replaceState: () => {} } } as unknown as Window;
    const fetchMock = vi.fn(async (url: URL) => {
      if (String(url).endsWith('api/session')) return Response.json({ ok: true, value: { mode: 'team', person: 'ana', role: 'annotator', expiresAt: '2030-01-01T00:00:00.000Z' } });
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const transport = httpTransport('http://127.0.0.1:4000/', () => null, page);
    await transport.session;
    await expect(transport.client['labels.save']({ task: 1, itemId: 1, question: 'q', value: 'Good' } as never)).rejects.toThrow(
      'Cannot reach the team server (labels.save): it may be restarting. Try again in a moment; if it lasts, tell your lead.',
    );
  });

  it('turns the plain-text token refusal into a forbidden reply', async () => {
    const reply = await replyOf(new Response('This Accord server needs its access token', { status: 401, headers: { 'content-type': 'text/plain' } }));
    expect(reply).toEqual({ ok: false, error: { code: 'forbidden', message: 'This Accord server needs its access token' } });
    const broken = await replyOf(new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(broken.ok).toBe(false);
  });

  it('says a proxy answering 502-504 means the server behind it is not answering; other surprises stay unexpected', async () => {
    const proxied = await replyOf(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(proxied).toEqual({ ok: false, error: { code: 'internal', message: 'The server is not answering (HTTP 502 from the proxy in front of it): it may be restarting. Try again in a moment.' } });
    const odd = await replyOf(new Response('<html>', { status: 418, headers: { 'content-type': 'text/html' } }));
    expect(odd).toEqual({ ok: false, error: { code: 'internal', message: 'Unexpected answer from the server (HTTP 418).' } });
  });
});
