import type { ServerResponse } from 'node:http';
import type { ApiError } from '../../common/apiClient';

/** The HTTP status that goes with a reply's error code (the JSON envelope is the same either way). */
export function statusOfError(code: ApiError['code']): number {
  switch (code) {
    case 'bad-request':
      return 400;
    case 'forbidden':
      return 403;
    case 'not-found':
      return 404;
    case 'conflict':
    case 'cancelled':
      return 409;
    case 'invalid-input':
      return 422;
    case 'internal':
      return 500;
    // Not on this workspace's engine yet (services/postgresSession.ts): the server is fine, the feature is not there.
    case 'unavailable':
      return 501;
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  response.end(JSON.stringify(body));
}

/** An API refusal made by the transport itself (before any method ran), as an error envelope. */
export function sendRefusal(response: ServerResponse, status: number, code: ApiError['code'], message: string, headers: Record<string, string> = {}): void {
  sendJson(response, status, { ok: false, error: { code, message } }, headers);
}

export function sendText(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  response.end(text);
}
