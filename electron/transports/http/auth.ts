import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

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

/**
 * The token a request carries: the `Authorization: Bearer` header, and nothing else. No cookie
 * (a browser sends cookies to every port of 127.0.0.1, so another local site would get it and
 * could replay it) and no query parameter (it would land in history, logs and Referer). The
 * page holds the token in sessionStorage, which is per origin, port included.
 */
export function bearerToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

/**
 * Refuses requests whose Host is not our loopback address: a page on another origin that
 * rebinds its DNS name to 127.0.0.1 would otherwise reach the server as same-origin.
 */
export function hostAllowed(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * Why a request that may change something comes from somewhere else, or null when it does not:
 * an `Origin` header, when present, must be this server's own origin (the Host it was sent to,
 * already checked by {@link hostAllowed}), and `Sec-Fetch-Site`, when present, must not say
 * another site sent it (ports do not make sites: a page on another local port is "same-site").
 * Tools such as curl send neither and are judged by the token alone.
 */
export function foreignOrigin(request: IncomingMessage): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${request.headers.host}`) return `a request from ${origin === 'null' ? 'an opaque origin' : origin} is refused`;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a ${site} request is refused`;
  return null;
}

/** The media type of a request body, lower case, without parameters (`application/json`). */
export function mediaTypeOf(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}
