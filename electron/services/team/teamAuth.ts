import { deleteTeamSession, insertTeamSession, inviteByTokenHash, inviteOfSessionHash, markInviteUsed, type InviteHolder } from '../../../db/queries/invites';
import type { ServiceContext } from '../context';
import { inviteStatus, newTeamToken, tokenHash } from './invites';

/*
 * Who a team-mode request comes from (issue 16, part 2): the person of its session cookie, or of
 * an invite token sent as a bearer (scripts). Looked up in the database on every request — no
 * cache — so a revoke or an expiry is seen by every server at once.
 */

/** A request's credentials, checked: the person they let in, or why they let nobody in. */
export type TeamAccess = { ok: true; person: string; role: InviteHolder['role']; inviteId: number; expiresAt: string } | { ok: false; reason: string };

const NO_INVITE = 'This team server lets people in by invite: open the invite link a lead sent you (or ask a lead for one).';

function accessOf(holder: InviteHolder | undefined, what: 'invite' | 'session'): TeamAccess {
  if (!holder) return { ok: false, reason: what === 'invite' ? 'This invite link is not valid on this server: ask a lead for a new one.' : NO_INVITE };
  const status = inviteStatus(holder);
  if (status === 'revoked') return { ok: false, reason: `Your invite (${holder.person}) was revoked by ${holder.revoked_by ?? 'a lead'}; you are signed out. Ask a lead for a new invite.` };
  if (status === 'expired') return { ok: false, reason: `Your invite (${holder.person}) expired on ${holder.expires_at}; ask a lead for a new one.` };
  if (holder.person_active !== 1) return { ok: false, reason: `${holder.person} was deactivated by a lead; their invites let nobody in.` };
  return { ok: true, person: holder.person, role: holder.person_role, inviteId: holder.id, expiresAt: holder.expires_at };
}

/** The person an invite token (bearer) lets in, recording its first use. */
export async function accessOfInviteToken(ctx: ServiceContext, token: string): Promise<TeamAccess> {
  const holder = inviteByTokenHash(ctx.sql, tokenHash(token));
  const access = accessOf(holder, 'invite');
  if (access.ok && holder!.used_at === null) await ctx.sqlWrite((db) => markInviteUsed(db, holder!.id, new Date().toISOString()), { label: 'recording an invite’s first use', durable: false });
  return access;
}

/** The person a session cookie's token lets in. */
export function accessOfSessionToken(ctx: ServiceContext, token: string): TeamAccess {
  return accessOf(inviteOfSessionHash(ctx.sql, tokenHash(token)), 'session');
}

/**
 * Exchanges an invite token for a new session: a row holding the session token's hash. Returns
 * the session token (for the cookie, never stored in clear) with the person, or why not.
 */
export async function openTeamSession(ctx: ServiceContext, inviteToken: string): Promise<(TeamAccess & { ok: true; sessionToken: string }) | (TeamAccess & { ok: false })> {
  const holder = inviteByTokenHash(ctx.sql, tokenHash(inviteToken));
  const access = accessOf(holder, 'invite');
  if (!access.ok) return access;
  const sessionToken = newTeamToken();
  await ctx.sqlWrite((db) => insertTeamSession(db, access.inviteId, tokenHash(sessionToken), new Date().toISOString()), { label: 'signing in by invite' });
  return { ...access, sessionToken };
}

/** Ends a session (signing out); nothing when there is none. */
export async function closeTeamSession(ctx: ServiceContext, sessionToken: string): Promise<void> {
  await ctx.sqlWrite((db) => deleteTeamSession(db, tokenHash(sessionToken)), { label: 'signing out' });
}
