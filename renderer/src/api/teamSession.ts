import { parseInviteFragment } from '../../../electron/common/inviteLink';
import type { AnnotatorRole } from '../../../electron/api/contract';

/** A label change the page sent but the server refused: what the person must give again. */
export interface UnsavedChange {
  itemId: number;
  unit: string;
  question: string;
  /** The answer as sent (“(cleared)” for a cleared one, N/A for N/A). */
  answer: string;
  rationale: string | null;
}

/**
 * What the server says about this page's standing: a single-user server (`accord serve`, the
 * window says who it is), a team server that knows this page's person (`accord serve --team`,
 * by the session cookie an invite link opened), or a team server that lets this page in as
 * nobody (no invite, or a revoked or expired one), with why — and the label changes
 * it refused since, which were not saved.
 */
export type ServerSession = { mode: 'single' } | { mode: 'team'; person: string; role: AnnotatorRole; expiresAt: string } | { mode: 'signed-out'; message: string; unsaved?: UnsavedChange[] };

/**
 * Opens the page's session: an invite link (`#invite=…`) is taken out of the address bar at
 * once and exchanged for a session cookie (POST api/session, the invite as bearer); otherwise
 * the server is asked who this page is (GET api/session, with the single-user token if any).
 */
export async function openServerSession(base: string, auth: () => Record<string, string>, win: Window = window): Promise<ServerSession> {
  const link = parseInviteFragment(win.location.hash);
  if (link) {
    const { pathname, search } = win.location;
    win.history.replaceState(win.history.state, '', `${pathname}${search}#${link.route}`);
  }
  const url = new URL('api/session', base);
  let response: Response;
  try {
    response = link
      ? await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${link.invite}` }, credentials: 'same-origin' })
      : await fetch(url, { headers: auth(), credentials: 'same-origin' });
  } catch {
    return { mode: 'single' }; // unreachable: the shell's connection alert says so
  }
  const reply = (await response.json().catch(() => null)) as { ok: boolean; value?: ServerSession; error?: { message: string } } | null;
  if (reply?.ok && reply.value) return reply.value;
  // A team server refusing this page says so in its message; a single-user one wants its token (the shell says so).
  if (response.status === 401 && reply?.error && (link || /invite/.test(reply.error.message))) return { mode: 'signed-out', message: reply.error.message };
  return { mode: 'single' };
}

/** Signs this page out of a team server (its session row goes; the cookie is cleared). */
export async function signOutOfTeam(base: string = document.baseURI): Promise<void> {
  const response = await fetch(new URL('api/session/end', base), { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the server answered HTTP ${response.status}`);
}
