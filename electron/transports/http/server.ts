import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserLink } from '../../common/browserLink';
import { CALLER_HEADER, claimOfName } from '../../common/transportNames';
import type { ApiEvents, EventName } from '../../api/contract';
import { assertAccessDeclared } from '../../services/access';
import type { ServiceContext } from '../../services/context';
import { dispatch } from '../../services/dispatch';
import { BackupScheduler } from '../../services/backups/backupScheduler';
import { agreementJob, AGREEMENT_JOB } from '../../services/agreement/leasedAgreement';
import { JobRunner, type JobRunnerOptions } from '../../services/jobLeases';
import { judgeRunJob, JUDGE_RUN_JOB } from '../../services/judges/leasedRuns';
import { importJob, IMPORT_JOB, sweepJobFiles } from '../../services/leasedImports';
import { openSession, type Session } from '../../services/session';
import { isPostgresUrl } from '../../../db/copy/where';
import { bearerToken, foreignOrigin, hostAllowed, mediaTypeOf, newToken, sameToken } from './auth';
import { sendJson, sendRefusal, sendText, statusOfError } from './replies';
import { BodyError, discardRest, readJsonBody, type BodyLimits } from './requestBody';
import { serveStatic } from './staticFiles';
import { UploadStore, uploadIdsIn } from './uploads';
import { answerSession, namesServerPath, teamAccessOf, type TeamOptions } from './teamSession';

/** Where `vite build` puts the renderer. */
export const DEFAULT_STATIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/renderer');

/** Largest JSON body accepted by an API call (uploads stream separately, under their own limit). */
export const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;
/** Largest upload accepted unless told otherwise (`accord serve --max-upload-mb`). */
export const DEFAULT_MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

/** How long a client may take; tests shorten them. */
export interface HttpTimeouts {
  /** To send a request's headers (node's headersTimeout): a client trickling headers is cut off. */
  headersMs: number;
  /** To send a whole request, body included (node's requestTimeout); uploads of a gigabyte fit. */
  requestMs: number;
  /** Silence in the middle of a body before it is refused (ours: node has none per chunk). */
  bodyIdleMs: number;
  /** How often node looks for connections past headersMs/requestMs. */
  checkIntervalMs: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 10 * 60_000, bodyIdleMs: 30_000, checkIntervalMs: 1_000 };

/** The only methods the server knows; anything else is a 405. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST']);

export interface BrowserModeOptions {
  /** A workspace file, or a `postgres://` URL (team mode on PostgreSQL: services/postgresSession.ts). */
  workspacePath: string;
  /** 0 picks a free port. */
  port?: number;
  staticDir?: string;
  /** Fixed token (tests); a fresh random one per launch otherwise. */
  token?: string;
  /** Where the workspace's backups go (daily while serving, and before destructive actions); none when absent. */
  backupsRoot?: string;
  /** Largest upload accepted, in bytes ({@link DEFAULT_MAX_UPLOAD_BYTES} unless given). */
  maxUploadBytes?: number;
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Team mode (`accord serve --team`): no per-launch token; each request's caller is the person
   * of its session cookie or bearer invite (teamSession.ts), and nobody may claim another name.
   */
  team?: TeamOptions & {
    /** Address to listen on (127.0.0.1 unless given: `--host`). */
    host?: string;
    /** The address people reach the server at (behind a reverse proxy): its Host and origin are accepted, and links start with it. */
    publicUrl?: string;
    /** The job runner's lease length and poll interval (jobLeases.ts defaults: 30 s, 1 s); tests shorten them. */
    jobs?: Pick<JobRunnerOptions, 'leaseMs' | 'pollMs'>;
    /**
     * Where uploads wait for the import job that reads them (leasedImports.ts): a folder every
     * server of the team reads (`--upload-folder`); by default one in the system's temporary
     * folder, which serves several servers on one machine only.
     */
    uploadFolder?: string;
  };
}

export interface BrowserModeServer {
  /** The URL to open: the start page, with the token in its fragment. */
  url: string;
  /** The URL without the token (deep links are relative to it). */
  baseUrl: string;
  port: number;
  token: string;
  ctx: ServiceContext;
  /** Where uploads wait for their import (emptied as each import returns, removed on close). */
  uploadsFolder: string;
  close(): Promise<void>;
}

/**
 * Browser mode (`accord serve`, and every e2e test): the API contract over local HTTP.
 * Binds 127.0.0.1 only. The page itself (index.html, scripts) is served to anyone who reaches
 * the port; every `/api/` request must carry the per-launch token as `Authorization: Bearer`,
 * which the page reads from the printed URL's fragment (README "Security"). Requests that may
 * change something must also come from this origin and say what they carry.
 */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserModeServer> {
  assertAccessDeclared();
  const team = options.team ?? null;
  // Team mode has no all-powerful token: everyone comes in by their own invite.
  const token = team ? '' : (options.token ?? newToken());
  const publicUrl = team?.publicUrl ? new URL(team.publicUrl) : null;
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const jsonLimits: BodyLimits = { maxBytes: MAX_JSON_BODY_BYTES, refusal: (limit) => `an API call's body is limited to ${limit}`, idleMs: timeouts.bodyIdleMs };
  const uploadLimits: BodyLimits = { maxBytes: maxUploadBytes, refusal: (limit) => `uploads are limited to ${limit} (accord serve --max-upload-mb sets this)`, idleMs: timeouts.bodyIdleMs };
  const uploads = new UploadStore();
  const streams = new Set<ServerResponse>();
  const emit = <E extends EventName>(event: E, payload: ApiEvents[E]) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of streams) stream.write(frame);
  };
  let port = options.port ?? 0;
  const session = isPostgresUrl(options.workspacePath)
    ? // pg, its connection thread and the event bus load only for a PostgreSQL workspace.
      await (await import('../../services/postgresSession')).openPostgresSession(options.workspacePath, { emit, resolveUpload: (id) => uploads.resolve(id) })
    : openSession({
        workspacePath: options.workspacePath,
        emit,
        resolveUpload: (id) => uploads.resolve(id),
        backupsRoot: options.backupsRoot,
      });
  const ctx = session.ctx;
  // A team server runs long work as leased jobs (issue 16, "stateless servers"): its requests
  // queue them, and this runner takes them — or a dead server's, once its lease ran out.
  // A runner per kind, so an import or a bootstrap need not wait for a long judge run on this server.
  const runners = team
    ? [
        new JobRunner(ctx, { [JUDGE_RUN_JOB]: judgeRunJob(ctx) }, team.jobs),
        new JobRunner(ctx, { [IMPORT_JOB]: importJob(ctx) }, team.jobs),
        new JobRunner(ctx, { [AGREEMENT_JOB]: agreementJob(ctx) }, team.jobs),
      ]
    : [];
  if (team) {
    ctx.leasedJobs = true;
    ctx.jobFilesFolder = team.uploadFolder ?? path.join(os.tmpdir(), 'accord-team-uploads');
    // Uploads left behind by a server that died while its request waited for the import.
    sweepJobFiles(ctx);
  }
  // The same daily backups as the desktop app: at start, then checked hourly.
  const daily = ctx.backups ? new BackupScheduler(() => ctx.backups!.daily(), (error) => console.error(`accord: daily backup failed: ${(error as Error).message}`)) : null;
  daily?.start();

  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        if (error instanceof BodyError) {
          // Answered before the body was read (or in its middle). No "connection: close": node would
          // close the socket at once and the client, still sending, would see a reset instead of
          // the answer. discardRest reads on a little, then closes.
          if (!response.headersSent) sendRefusal(response, error.status, 'bad-request', error.message);
          discardRest(request, 64 * 1024 * 1024, 2_000);
          return;
        }
        if (process.env.ACCORD_DEBUG) console.error(error);
        if (!response.headersSent) sendRefusal(response, 500, 'internal', 'internal error: the server could not answer this request');
        else response.end();
      });
    },
  );
  // A request line or headers node cannot parse: a 400 in words, never a dropped socket.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    // Closed once written: node no longer reads this socket, so it would never see the client hang up.
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${status.slice(4)}: the request could not be read.\n`, () => socket.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hostAllowed(request, port) && !teamHostAllowed(request)) return sendText(response, 403, 'Forbidden: unexpected Host header (only 127.0.0.1 and localhost with this port are served).');
    const method = request.method ?? 'GET';
    if (!KNOWN_METHODS.has(method)) return sendText(response, 405, `Method ${method} is not allowed here.`, { allow: 'GET, HEAD, POST' });
    const url = requestUrl(request.url);
    if (!url) return sendText(response, 400, 'Bad request: the request target is not a path.');
    if (!url.pathname.startsWith('/api/')) {
      if (method === 'POST') return sendText(response, 405, 'Method POST is not allowed here.', { allow: 'GET, HEAD' });
      return serveStatic(staticDir, url.pathname, response);
    }
    const foreign = publicUrl && request.headers.origin === publicUrl.origin ? null : foreignOrigin(request);
    if (foreign) return sendRefusal(response, 403, 'forbidden', `${foreign}: this API answers its own page only`);
    let teamClaim: { name: string } | null = null;
    if (team) {
      if (url.pathname === '/api/session' || url.pathname === '/api/session/end') {
        if (method !== 'POST' && url.pathname === '/api/session/end') return sendRefusal(response, 405, 'bad-request', `${url.pathname} answers POST only`, { allow: 'POST' });
        return answerSession(ctx, request, response, url.pathname, team);
      }
      const access = await teamAccessOf(ctx, request);
      if (!access.ok) return sendRefusal(response, 401, 'forbidden', access.reason);
      // Nobody claims to be someone else: who calls is the person of the invite, and that alone.
      if (request.headers[CALLER_HEADER] !== undefined) {
        return sendRefusal(response, 403, 'forbidden', `this is a team server: you act as yourself (${access.person}), from your invite; the ${CALLER_HEADER} header is refused`);
      }
      teamClaim = { name: access.person };
    } else if (!sameToken(bearerToken(request), token)) {
      return sendRefusal(response, 401, 'forbidden', 'This Accord server needs its access token: open the URL that `accord serve` printed.');
    } else if (url.pathname === '/api/session') {
      return sendJson(response, 200, { ok: true, value: { mode: 'single' } });
    }
    const route = API_ROUTES.find((r) => (r.prefix ? url.pathname.startsWith(r.path) : url.pathname === r.path));
    if (!route) return sendRefusal(response, 404, 'not-found', `no such endpoint: ${url.pathname}`);
    if (method !== route.method) return sendRefusal(response, 405, 'bad-request', `${url.pathname} answers ${route.method} only`, { allow: route.method });
    if (route.contentType && mediaTypeOf(request) !== route.contentType) {
      return sendRefusal(response, 415, 'bad-request', `${url.pathname} takes ${route.contentType}, not ${mediaTypeOf(request) || 'a body without a content type'}`);
    }
    if (route.path === '/api/call/') return call(request, response, url, teamClaim);
    if (route.path === '/api/events') return openStream(request, response);
    const uploadId = await uploads.receive(request, url.searchParams.get('name') ?? 'upload', uploadLimits);
    return sendJson(response, 200, { ok: true, value: { uploadId } });
  }

  async function call(request: IncomingMessage, response: ServerResponse, url: URL, teamClaim: { name: string } | null): Promise<void> {
    const name = safeDecode(url.pathname.slice('/api/call/'.length));
    if (name === null) return sendRefusal(response, 400, 'bad-request', 'the method name in the path is not valid percent-encoding');
    const body = await readJsonBody(request, jsonLimits);
    if (team && namesServerPath(body)) {
      for (const id of uploadIdsIn(body)) uploads.release(id);
      return sendRefusal(response, 403, 'forbidden', 'on a team server files are uploaded, never named by a path on the server');
    }
    const claim = team ? teamClaim : callerClaim(request);
    if (claim === INVALID) return sendRefusal(response, 400, 'bad-request', `the ${CALLER_HEADER} header is not a percent-encoded name`);
    try {
      const reply = await dispatch(ctx, name, body, claim);
      return sendJson(response, reply.ok ? 200 : statusOfError(reply.error.code), reply);
    } finally {
      // Each upload serves the one call that names it: gone once that call returns.
      for (const id of uploadIdsIn(body)) uploads.release(id);
    }
  }

  /** Behind a proxy, the public address's Host; on another interface (`--host`), that address with our port. */
  function teamHostAllowed(request: IncomingMessage): boolean {
    if (!team) return false;
    const host = request.headers.host;
    if (publicUrl && host === publicUrl.host) return true;
    return !!team.host && team.host !== '0.0.0.0' && team.host !== '::' && host === `${team.host.includes(':') ? `[${team.host}]` : team.host}:${port}`;
  }

  function openStream(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
    response.write(': connected\n\n');
    streams.add(response);
    request.on('close', () => streams.delete(response));
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, team?.host ?? '127.0.0.1', () => resolve());
    });
  } catch (error) {
    session.close();
    uploads.dispose();
    throw error;
  }
  for (const runner of runners) runner.start();
  port = (server.address() as { port: number }).port;
  const baseUrl = publicUrl ? publicUrl.href : `http://127.0.0.1:${port}/`;
  session.ctx.baseUrl = baseUrl;

  return {
    url: team ? baseUrl : browserLink(baseUrl, token),
    baseUrl,
    port,
    token,
    ctx,
    uploadsFolder: uploads.folder,
    close: async () => {
      await daily?.stop();
      // The job under way goes back to the queue for another server (or this one's next start).
      await Promise.all(runners.map((runner) => runner.stop()));
      await closeAll(server, streams, session, uploads);
    },
  };
}

async function closeAll(server: http.Server, streams: Set<ServerResponse>, session: Pick<Session, 'close'>, uploads: UploadStore): Promise<void> {
  for (const stream of streams) stream.end();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  session.close();
  uploads.dispose();
}

const INVALID = Symbol('invalid');

/** The API's endpoints: each answers one method, and a POST says what it carries. */
const API_ROUTES: { path: string; prefix?: boolean; method: string; contentType?: string }[] = [
  { path: '/api/call/', prefix: true, method: 'POST', contentType: 'application/json' },
  { path: '/api/events', method: 'GET' },
  { path: '/api/upload', method: 'POST', contentType: 'application/octet-stream' },
];

/**
 * The path and query of a request target, parsed against our own origin whatever it says: an
 * absolute or `//host` target cannot make the server think of another host (and the server
 * never redirects anyway). Null for a target that is not a path (`*`).
 */
function requestUrl(target: string | undefined): URL | null {
  if (!target?.startsWith('/')) return null;
  try {
    return new URL(`http://127.0.0.1${target}`);
  } catch {
    return null;
  }
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Who the page says is calling (the person chosen in its "Who are you?"). In single-user browser
 * mode the token holder is the workspace's owner, who may act as anyone, as at the desktop.
 */
function callerClaim(request: IncomingMessage): ReturnType<typeof claimOfName> | typeof INVALID {
  const raw = request.headers[CALLER_HEADER];
  if (raw === undefined) return null;
  const name = safeDecode(Array.isArray(raw) ? raw[0] : raw);
  return name === null ? INVALID : claimOfName(name);
}
