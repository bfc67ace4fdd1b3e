import { z } from 'zod';
import { method } from '../define';
import { annotatorName } from './annotation';

/** Where an invite stands: it lets its holder in only while `active` or `used`. */
export type InviteStatus = 'active' | 'used' | 'expired' | 'revoked';

/** An invite as listed: never its token, which is shown once when created and stored only hashed. */
export interface InviteInfo {
  id: number;
  person: string;
  role: 'annotator' | 'adjudicator' | 'lead';
  status: InviteStatus;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  /** When the link was first opened (or used by a script); null: never. */
  usedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  /** Browser sessions the invite opened that are still signed in. */
  sessions: number;
}

/** A new invite, with its token and link: the only time either is shown. */
export interface CreatedInvite {
  invite: InviteInfo;
  token: string;
  /** The link to send the person; null when no base URL is known (pass `urlBase`). */
  link: string | null;
}

const teamReason = 'invites decide who may enter the team server';

/**
 * Team mode's invites (issue 16, part 2): one link per person, for leads only. The token is 32
 * random bytes, shown once, stored as its SHA-256 with the person, role, expiry and creator.
 */
export const inviteMethods = {
  /** Creates an invite for an existing person; `expires` is `12h`, `7d` or `2w` (at most a year). */
  'invites.create': method<CreatedInvite>()(
    z.object({
      person: annotatorName,
      expires: z.string().default('7d'),
      urlBase: z.string().url().optional().describe("the team server's address as people reach it (the link's start); the server's own by default"),
    }),
    { access: 'lead', reason: teamReason },
  ),
  'invites.list': method<InviteInfo[]>()(z.object({}), { access: 'lead', reason: teamReason }),
  /** Revokes an invite: its link stops working and every session it opened ends at once. */
  'invites.revoke': method<{ revoked: boolean; invite: InviteInfo; sessionsEnded: number }>()(z.object({ id: z.number().int().positive() }), {
    access: 'lead',
    reason: teamReason,
  }),
};
