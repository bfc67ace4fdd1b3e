import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceContext } from '../../services/context';
import { accessOfInviteToken, accessOfSessionToken, closeTeamSession, openTeamSession, type TeamAccess } from '../../services/team/teamAuth';
import { bearerToken } from './auth';
import { sendJson, sendRefusal } from './replies';

/*
 * Team mode's side of the HTTP transport (`accord serve --team`, issue 16 part 2). A person's
 * invite link carries their token in its fragment; the page sends it once to POST /api/session,
 * which answers with a session cookie (HttpOnly, SameSite=Strict, Secure over HTTPS) and the
 * person it lets in. Every later request is that person's: the cookie's session, or an invite
 * token as `Authorization: Bearer` (scripts). Both are looked up in the database per request.
 */

/** The cookie holding a team session's token. */
export const SESSION_COOKIE = 'accord_session';

export interface TeamOptions {
  /** Believe `X-Forwarded-Proto` (a TLS reverse proxy in front): cookies are then `Secure` over HTTPS. */
  trustProxy?: boolean;
}

/** The session token a request's cookie carries, or null. */
export function sessionCookie(request: IncomingMessage): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** Whether the request reached us over HTTPS: only a trusted proxy's word counts (we speak plain HTTP ourselves). */
export function overHttps(request: IncomingMessage, options: TeamOptions): boolean {
  if (!options.trustProxy) return false;
  const proto = request.headers['x-forwarded-proto'];
  return (Array.isArray(proto) ? proto[0] : (proto ?? '')).split(',')[0].trim().toLowerCase() === 'https';
}

function cookieHeader(request: IncomingMessage, options: TeamOptions, value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${overHttps(request, options) ? '; Secure' : ''}`;
}

/**
 * Who a request comes from: its session cookie's person, else its bearer invite token's. A
 * request carrying neither, or whose invite was revoked or expired, gets the reason.
 */
export async function teamAccessOf(ctx: ServiceContext, request: IncomingMessage): Promise<TeamAccess> {
  const session = sessionCookie(request);
  const bearer = bearerToken(request);
  if (bearer) return accessOfInviteToken(ctx, bearer);
  if (session) return accessOfSessionToken(ctx, session);
  return { ok: false, reason: 'This team server lets people in by invite: open the invite link a lead sent you (or ask a lead for one).' };
}

/**
 * `/api/session`: POST with the invite as bearer opens a session (Set-Cookie) and says whose;
 * GET says who this request's credentials let in; POST `/api/session/end` signs out.
 */
export async function answerSession(ctx: ServiceContext, request: IncomingMessage, response: ServerResponse, path: string, options: TeamOptions): Promise<void> {
  if (path === '/api/session/end') {
    const session = sessionCookie(request);
    if (session) await closeTeamSession(ctx, session);
    return sendJson(response, 200, { ok: true, value: { signedOut: true } }, { 'set-cookie': cookieHeader(request, options, '', 0) });
  }
  if (request.method === 'POST') {
    const invite = bearerToken(request);
    if (!invite) return sendRefusal(response, 401, 'forbidden', 'Signing in needs the invite token (as Authorization: Bearer), from the invite link a lead sent you.');
    const opened = await openTeamSession(ctx, invite);
    if (!opened.ok) return sendRefusal(response, 401, 'forbidden', opened.reason);
    const maxAge = Math.max(0, Math.floor((Date.parse(opened.expiresAt) - Date.now()) / 1000));
    return sendJson(response, 200, { ok: true, value: whoOf(opened) }, { 'set-cookie': cookieHeader(request, options, opened.sessionToken, maxAge) });
  }
  const access = await teamAccessOf(ctx, request);
  if (!access.ok) return sendRefusal(response, 401, 'forbidden', access.reason);
  return sendJson(response, 200, { ok: true, value: whoOf(access) });
}

function whoOf(access: TeamAccess & { ok: true }) {
  return { mode: 'team' as const, person: access.person, role: access.role, expiresAt: access.expiresAt };
}

/**
 * Whether a call's arguments name a file on the server by path (`{ path: … }` sources): the
 * desktop and the CLI do, as the machine's owner; people of a team server upload files instead,
 * since a path would let them read the server's own files. Walks iteratively (no recursion
 * limit to dodge, no stack to overflow).
 */
export function namesServerPath(args: unknown): boolean {
  const stack: unknown[] = [args];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && Object.hasOwn(value, 'path')) return true;
    stack.push(...Object.values(value));
  }
  return false;
}
