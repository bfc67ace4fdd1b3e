import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLER_HEADER, claimOfName } from '../../shared/transportNames';
import type { ApiEvents, EventName } from '../../api/contract';
import { assertAccessDeclared } from '../../services/access';
import type { ServiceContext } from '../../services/context';
import { dispatch } from '../../services/dispatch';
import { BackupScheduler } from '../../services/backups/backupScheduler';
import { openSession, type Session } from '../../services/session';
import { TOKEN_COOKIE, hostAllowed, newToken, sameToken, tokenOf } from './auth';
import { serveStatic } from './staticFiles';
import { UploadStore } from './uploads';

/** Where `vite build` puts the renderer. */
export const DEFAULT_STATIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/renderer');

/** Largest JSON body accepted by an API call (uploads stream separately). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface BrowserModeOptions {
  workspacePath: string;
  /** 0 picks a free port. */
  port?: number;
  staticDir?: string;
  /** Fixed token (tests); a fresh random one per launch otherwise. */
  token?: string;
  /** Where the workspace's backups go (daily while serving, and before destructive actions); none when absent. */
  backupsRoot?: string;
}

export interface BrowserModeServer {
  /** The URL to open, carrying the token. */
  url: string;
  /** The URL without the token (deep links are relative to it). */
  baseUrl: string;
  port: number;
  token: string;
  ctx: ServiceContext;
  close(): Promise<void>;
}

/**
 * Browser mode (`accord serve`, and every e2e test): the API contract over local HTTP.
 * Binds 127.0.0.1 only; every request must carry the per-launch token (bearer header, the
 * cookie set when the printed URL is first opened, or `?token=`), else it gets nothing.
 */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserModeServer> {
  assertAccessDeclared();
  const token = options.token ?? newToken();
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  const uploads = new UploadStore();
  const streams = new Set<ServerResponse>();
  const emit = <E extends EventName>(event: E, payload: ApiEvents[E]) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of streams) stream.write(frame);
  };
  let port = options.port ?? 0;
  const session = openSession({
    workspacePath: options.workspacePath,
    emit,
    resolveUpload: (id) => uploads.resolve(id),
    backupsRoot: options.backupsRoot,
  });
  const ctx = session.ctx;
  // The same daily backups as the desktop app: at start, then checked hourly.
  const daily = ctx.backups ? new BackupScheduler(() => ctx.backups!.daily(), (error) => console.error(`accord: daily backup failed: ${(error as Error).message}`)) : null;
  daily?.start();

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { ok: false, error: { code: 'internal', message: String(error) } });
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hostAllowed(request, port)) return sendText(response, 403, 'Forbidden: unexpected Host header.');
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (!sameToken(tokenOf(request, url), token)) {
      return sendText(response, 401, 'This Accord server needs its access token: open the URL that `accord serve` printed.');
    }
    if (url.searchParams.has('token') && request.method === 'GET' && !url.pathname.startsWith('/api/')) {
      // Trade the token in the URL for a cookie, so it leaves the address bar and history.
      url.searchParams.delete('token');
      response.writeHead(302, {
        'set-cookie': `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        location: url.pathname + url.search,
      });
      return void response.end();
    }
    if (url.pathname.startsWith('/api/call/') && request.method === 'POST') {
      if (!String(request.headers['content-type']).startsWith('application/json')) {
        return sendJson(response, 415, { ok: false, error: { code: 'bad-request', message: 'expected application/json' } });
      }
      const body = await readJsonBody(request);
      if (body === INVALID) return sendJson(response, 400, { ok: false, error: { code: 'bad-request', message: 'the body is not valid JSON' } });
      const claim = callerClaim(request);
      if (claim === INVALID) return sendJson(response, 400, { ok: false, error: { code: 'bad-request', message: `the ${CALLER_HEADER} header is not a percent-encoded name` } });
      const reply = await dispatch(ctx, decodeURIComponent(url.pathname.slice('/api/call/'.length)), body, claim);
      return sendJson(response, 200, reply);
    }
    if (url.pathname === '/api/events' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      response.write(': connected\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    if (url.pathname === '/api/upload' && request.method === 'POST') {
      const name = url.searchParams.get('name') ?? 'upload';
      const uploadId = await uploads.receive(request, name);
      return sendJson(response, 200, { ok: true, value: { uploadId } });
    }
    if (url.pathname.startsWith('/api/')) return sendJson(response, 404, { ok: false, error: { code: 'not-found', message: 'no such endpoint' } });
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, 405, 'Method not allowed');
    serveStatic(staticDir, url.pathname, response);
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    session.close();
    uploads.dispose();
    throw error;
  }
  port = (server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}/`;
  session.ctx.baseUrl = baseUrl;

  return {
    url: `${baseUrl}?token=${token}`,
    baseUrl,
    port,
    token,
    ctx,
    close: async () => {
      await daily?.stop();
      await closeAll(server, streams, session, uploads);
    },
  };
}

async function closeAll(server: http.Server, streams: Set<ServerResponse>, session: Session, uploads: UploadStore): Promise<void> {
  for (const stream of streams) stream.end();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  session.close();
  uploads.dispose();
}

const INVALID = Symbol('invalid');

/**
 * Who the page says is calling (the person chosen in its "Who are you?"). In single-user browser
 * mode the token holder is the workspace's owner, who may act as anyone, as at the desktop.
 */
function callerClaim(request: IncomingMessage): ReturnType<typeof claimOfName> | typeof INVALID {
  const raw = request.headers[CALLER_HEADER];
  if (raw === undefined) return null;
  try {
    return claimOfName(decodeURIComponent(Array.isArray(raw) ? raw[0] : raw));
  } catch {
    return INVALID;
  }
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return INVALID;
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(text);
}
