import { createHash, randomBytes } from 'node:crypto';
import type { CreatedInvite, InviteInfo, InviteStatus } from '../../api/contract';
import { inviteById, insertInvite, listInviteRows, revokeInviteRow, type InviteRecord } from '../../../db/queries/invites';
import { annotatorByName, listAnnotators } from '../../../db/queries/annotators';
import { inviteLink, MAX_INVITE_MS, parseInviteDuration } from '../../common/inviteLink';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';

/*
 * Team mode's invites (issue 16, part 2). A lead makes one link per person; the token in it is
 * 32 random bytes, returned once and stored only as its SHA-256, so a copy of the workspace lets
 * nobody in. Everything about who is signed in lives in rows (invites, team_sessions), never in
 * a server's memory: several servers on one database agree, and a revoke takes effect at once.
 */

/** A fresh token: 32 random bytes, hex. */
export function newTeamToken(): string {
  return randomBytes(32).toString('hex');
}

/** What is stored for a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Where an invite stands at `now`: revoked first, then expired, then whether it was ever used. */
export function inviteStatus(invite: Pick<InviteRecord, 'revoked_at' | 'expires_at' | 'used_at'>, now = new Date()): InviteStatus {
  if (invite.revoked_at !== null) return 'revoked';
  if (Date.parse(invite.expires_at) <= now.getTime()) return 'expired';
  return invite.used_at !== null ? 'used' : 'active';
}

function infoOf(row: InviteRecord & { person: string; sessions?: number }): InviteInfo {
  const status = inviteStatus(row);
  return {
    id: row.id,
    person: row.person,
    role: row.role,
    status,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
    // A revoked or expired invite's sessions let nobody in: none is signed in by it.
    sessions: status === 'revoked' || status === 'expired' ? 0 : (row.sessions ?? 0),
  };
}

const START_ROUTE: Record<InviteInfo['role'], string> = { annotator: '/tasks', adjudicator: '/adjudication', lead: '' };

/** Creates an invite for a person of the workspace (see `invites.create`). */
export async function createInvite(ctx: ServiceContext, args: { person: string; expires: string; urlBase?: string }): Promise<CreatedInvite> {
  const lifetime = parseInviteDuration(args.expires);
  if (lifetime === null) throw new InvalidInputError(`expires must be a number of hours, days or weeks such as 12h, 7d or 2w, not "${args.expires}"`);
  if (lifetime > MAX_INVITE_MS) throw new InvalidInputError(`an invite lasts at most a year (366d), not ${args.expires}; make a new one when it ends`);
  const token = newTeamToken();
  const id = await ctx.sqlWrite(
    (db) => {
      const person = annotatorByName(db, args.person);
      // On a team server nobody says who they are: a person gets their role from a lead first.
      if (!person) {
        const known = listAnnotators(db).map((a) => a.name);
        throw new NotFoundError(
          `nobody named "${args.person}" in this workspace${known.length > 0 ? ` (people: ${known.join(', ')})` : ''}; add them with their role first: accord annotators add ${args.person} --role annotator|adjudicator|lead, or People › Add person… in the app`,
        );
      }
      if (person.active !== 1) throw new ConflictError(`"${person.name}" is deactivated; activate them before inviting them`);
      const now = new Date();
      return insertInvite(db, {
        token_sha256: tokenHash(token),
        annotator_id: person.id,
        role: person.role,
        created_by: ctx.caller.name,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetime).toISOString(),
      });
    },
    { label: `inviting ${args.person}` },
  );
  ctx.emit('workspace.changed', { what: 'invites' });
  const base = args.urlBase ?? ctx.baseUrl;
  const invite = infoOf(inviteById(ctx.sql, id)!);
  // A person's day starts where their work is: an annotator's at the tasks, an adjudicator's at
  // the disagreements to settle; a lead's at the start page.
  return { invite, token, link: base ? inviteLink(base, token, START_ROUTE[invite.role]) : null };
}

/** Every invite, newest first, never with a token (see `invites.list`). */
export function listInvites(ctx: ServiceContext): InviteInfo[] {
  return listInviteRows(ctx.sql).map(infoOf);
}

/** Revokes an invite and ends its sessions (see `invites.revoke`). */
export async function revokeInvite(ctx: ServiceContext, id: number): Promise<{ revoked: boolean; invite: InviteInfo; sessionsEnded: number }> {
  const result = await ctx.sqlWrite(
    (db) => {
      const before = listInviteRows(db).find((row) => row.id === id);
      if (!before) throw new NotFoundError(`no invite ${id} (accord invite list shows them)`);
      const wasOpen = infoOf(before).sessions;
      const revoked = revokeInviteRow(db, id, new Date().toISOString(), ctx.caller.name);
      return { revoked, sessionsEnded: revoked ? wasOpen : 0 };
    },
    { label: `revoking invite ${id}` },
  );
  ctx.emit('workspace.changed', { what: 'invites' });
  return { ...result, invite: infoOf(inviteById(ctx.sql, id)!) };
}
