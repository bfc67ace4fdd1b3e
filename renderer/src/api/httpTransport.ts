import { createApiClient } from '../../../electron/shared/apiClient';
import { CALLER_HEADER } from '../../../electron/shared/transportNames';
import type { ApiClient, ApiReply } from '../../../electron/api/contract';
import { EventListeners } from './listeners';
import type { ImportSource, Transport, UploadProgress } from './transport';
import { uploadFile } from './uploadFile';

/**
 * Browser mode: `POST api/call/<method>`, server-sent events from `api/events`, uploads to
 * `api/upload`. URLs are relative to the page, and the token travels as the cookie the server
 * set when the printed URL was opened.
 */
export function httpTransport(base: string = document.baseURI): Transport {
  const listeners = new EventListeners();
  let source: EventSource | null = null;
  let caller: string | null = null;
  const client = createApiClient<ApiClient>(
    (method, args) => callOverHttp(new URL(`api/call/${encodeURIComponent(method)}`, base), method, args, caller),
    (event, listener) =>
      listeners.add(event, listener as (payload: unknown) => void, () => {
        source ??= new EventSource(new URL('api/events', base));
        source.addEventListener(event, (message) => listeners.dispatch(event, JSON.parse((message as MessageEvent<string>).data)));
      }),
  );
  return {
    mode: 'browser',
    client,
    setCaller: (name) => {
      caller = name;
    },
    importSources: (files, onProgress) => uploadAll(new URL('api/upload', base), files, onProgress),
  };
}

async function callOverHttp(url: URL, method: string, args: unknown, caller: string | null): Promise<ApiReply<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(caller === null ? {} : { [CALLER_HEADER]: encodeURIComponent(caller) }) },
      body: JSON.stringify(args ?? {}),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, error: { code: 'internal', message: `Cannot reach the Accord server while calling ${method}; is \`accord serve\` still running?` } };
  }
  return replyOf(response);
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
  if (response.status === 401) return { ok: false, error: { code: 'forbidden', message: text || 'This page is not logged in: open the URL that `accord serve` printed.' } };
  return { ok: false, error: { code: 'internal', message: `Unexpected answer from the server (HTTP ${response.status}).` } };
}

async function uploadAll(url: URL, files: File[], onProgress?: (progress: UploadProgress) => void): Promise<ImportSource[]> {
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  let before = 0;
  const sources: ImportSource[] = [];
  for (const file of files) {
    const uploadId = await uploadFile(url, file, (sent) => onProgress?.({ sentBytes: before + sent, totalBytes }));
    before += file.size;
    onProgress?.({ sentBytes: before, totalBytes });
    sources.push({ uploadId, name: file.name });
  }
  return sources;
}
