import { createApiClient } from '../../../electron/common/apiClient';
import { CALLER_HEADER } from '../../../electron/common/transportNames';
import type { ApiClient, ApiReply } from '../../../electron/api/contract';
import { openEventStream } from './eventStream';
import { EventListeners } from './listeners';
import type { ImportSource, RefusedCall, Transport, UploadProgress } from './transport';
import { uploadFile } from './uploadFile';
import { openServerSession } from './teamSession';

/**
 * Browser mode: `POST api/call/<method>`, server-sent events from `api/events`, uploads to
 * `api/upload`. URLs are relative to the page; every request carries the access token as
 * `Authorization: Bearer` (the page read it from the printed URL's fragment: AccessToken), so
 * no cookie holds it and no other site can send it.
 */
export function httpTransport(base: string = document.baseURI, token: () => string | null = () => null, page?: Window): Transport {
  const listeners = new EventListeners();
  let streaming = false;
  let caller: string | null = null;
  // A team server knows who this page is from its session cookie and refuses any claimed name.
  let team = false;
  const ended = new Set<(message: string, refused: RefusedCall) => void>();
  const onRefused = (message: string, refused: RefusedCall) => {
    for (const listener of ended) listener(message, refused);
  };
  const auth = (): Record<string, string> => {
    const value = token();
    return value ? { authorization: `Bearer ${value}` } : {};
  };
  const client = createApiClient<ApiClient>(
    (method, args) => callOverHttp(new URL(`api/call/${encodeURIComponent(method)}`, base), method, args, team ? {} : { ...auth(), ...callerHeader(caller) }, team ? onRefused : null),
    (event, listener) =>
      listeners.add(event, listener as (payload: unknown) => void, () => {
        if (streaming) return;
        streaming = true;
        openEventStream(new URL('api/events', base), auth, (name, data) => listeners.dispatch(name, JSON.parse(data)), (url, init) => fetch(url, { ...init, credentials: team ? 'same-origin' : 'omit' }));
      }),
  );
  // The page's own transport asks the server who it is (and takes an invite link from the address bar).
  const session = page
    ? openServerSession(base, auth, page).then((opened) => {
        team = opened.mode !== 'single';
        return opened;
      })
    : undefined;
  return {
    mode: 'browser',
    client,
    session,
    onSessionEnded: (listener) => {
      ended.add(listener);
      return () => ended.delete(listener);
    },
    setCaller: (name) => {
      caller = name;
    },
    importSources: (files, onProgress) => uploadAll(new URL('api/upload', base), files, team ? {} : auth(), onProgress),
  };
}

function callerHeader(caller: string | null): Record<string, string> {
  return caller === null ? {} : { [CALLER_HEADER]: encodeURIComponent(caller) };
}

/** `onSignedOut`: a team page (it sends its session cookie), told when the server no longer lets it in, and which call it refused. */
async function callOverHttp(url: URL, method: string, args: unknown, headers: Record<string, string>, onSignedOut: ((message: string, refused: RefusedCall) => void) | null): Promise<ApiReply<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(args ?? {}),
      // The single-user token travels in a header only; a team server's session is its cookie.
      credentials: onSignedOut ? 'same-origin' : 'omit',
    });
  } catch {
    return { ok: false, error: { code: 'internal', message: unreachable(method, onSignedOut !== null) } };
  }
  const reply = await replyOf(response);
  if (onSignedOut && response.status === 401 && !reply.ok) onSignedOut(reply.error.message, { method, args });
  return reply;
}

/**
 * What a page says when its server does not answer at all. The person at a team page did not
 * start the server and cannot restart it (it may be restarting, or one of several behind a
 * proxy): they are told to try again and whom to tell, not to check `accord serve`.
 */
function unreachable(method: string, team: boolean): string {
  return team
    ? `Cannot reach the team server (${method}): it may be restarting. Try again in a moment; if it lasts, tell your lead.`
    : `Cannot reach the Accord server while calling ${method}; is accord serve still running?`;
}

/**
 * A proxy in front of a team server answers 502-504 while the server behind it is down or
 * restarting: said so, rather than as an unexpected answer.
 */
function proxyRefusal(status: number): string | null {
  return status === 502 || status === 503 || status === 504 ? `The server is not answering (HTTP ${status} from the proxy in front of it): it may be restarting. Try again in a moment.` : null;
}

/** Every API answer is an {@link ApiReply}; anything else (the token refusal is plain text) becomes one. */
export async function replyOf(response: Response): Promise<ApiReply<unknown>> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    try {
      return JSON.parse(text) as ApiReply<unknown>;
    } catch {
      // fall through: a broken JSON body is reported like any other unexpected answer
    }
  }
  if (response.status === 401) return { ok: false, error: { code: 'forbidden', message: text || 'This page has no access token: open the URL that `accord serve` printed.' } };
  return { ok: false, error: { code: 'internal', message: proxyRefusal(response.status) ?? `Unexpected answer from the server (HTTP ${response.status}).` } };
}

async function uploadAll(url: URL, files: File[], headers: Record<string, string>, onProgress?: (progress: UploadProgress) => void): Promise<ImportSource[]> {
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  let before = 0;
  const sources: ImportSource[] = [];
  for (const file of files) {
    const uploadId = await uploadFile(url, file, headers, (sent) => onProgress?.({ sentBytes: before + sent, totalBytes }));
    before += file.size;
    onProgress?.({ sentBytes: before, totalBytes });
    sources.push({ uploadId, name: file.name });
  }
  return sources;
}
