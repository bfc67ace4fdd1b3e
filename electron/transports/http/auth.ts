import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'accord_token';

/** A fresh per-launch token: 32 random bytes, hex. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from timings. */
export function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request carries: bearer header, cookie, or (for the first page load) the query. */
export function tokenOf(request: IncomingMessage, url: URL): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  const cookie = request.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  if (cookie) return cookie.slice(TOKEN_COOKIE.length + 1);
  return url.searchParams.get('token');
}

/**
 * Refuses requests whose Host is not our loopback address: a page on another origin that
 * rebinds its DNS name to 127.0.0.1 would otherwise reach the server as same-origin.
 */
export function hostAllowed(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}
