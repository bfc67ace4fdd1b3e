import type { Db } from '../workspace';

/** An invite as stored (0140): the token itself is never stored, only its SHA-256. */
export interface InviteRecord {
  id: number;
  token_sha256: string;
  annotator_id: number;
  role: 'annotator' | 'adjudicator' | 'lead';
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  used_at: string | null;
}

/** An invite with its person's current record, as a request's credentials are checked against. */
export interface InviteHolder extends InviteRecord {
  person: string;
  person_active: number;
  /** The person's role now (access follows it, not the role at invite time). */
  person_role: InviteRecord['role'];
}

/** Inserts an invite (inside a write); returns its id. */
export function insertInvite(db: Db, invite: Omit<InviteRecord, 'id' | 'revoked_at' | 'revoked_by' | 'used_at'>): number {
  return Number(
    db
      .prepare('INSERT INTO invites (token_sha256, annotator_id, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(invite.token_sha256, invite.annotator_id, invite.role, invite.created_by, invite.created_at, invite.expires_at).lastInsertRowid,
  );
}

/** Every invite with its person's name, newest first. */
export function listInviteRows(db: Db): (InviteRecord & { person: string; sessions: number })[] {
  return db
    .prepare(
      `SELECT i.*, a.name AS person, (SELECT count(*) FROM team_sessions s WHERE s.invite_id = i.id) AS sessions
       FROM invites i JOIN annotators a ON a.id = i.annotator_id ORDER BY i.id DESC`,
    )
    .all() as (InviteRecord & { person: string; sessions: number })[];
}

export function inviteById(db: Db, id: number): (InviteRecord & { person: string }) | undefined {
  return db.prepare('SELECT i.*, a.name AS person FROM invites i JOIN annotators a ON a.id = i.annotator_id WHERE i.id = ?').get(id) as (InviteRecord & { person: string }) | undefined;
}

/** The invite whose token hashes to `sha256`, with its person. */
export function inviteByTokenHash(db: Db, sha256: string): InviteHolder | undefined {
  return db
    .prepare('SELECT i.*, a.name AS person, a.active AS person_active, a.role AS person_role FROM invites i JOIN annotators a ON a.id = i.annotator_id WHERE i.token_sha256 = ?')
    .get(sha256) as InviteHolder | undefined;
}

/** The invite (with its person) of the session whose token hashes to `sha256`. */
export function inviteOfSessionHash(db: Db, sha256: string): InviteHolder | undefined {
  return db
    .prepare(
      `SELECT i.*, a.name AS person, a.active AS person_active, a.role AS person_role
       FROM team_sessions s JOIN invites i ON i.id = s.invite_id JOIN annotators a ON a.id = i.annotator_id
       WHERE s.token_sha256 = ?`,
    )
    .get(sha256) as InviteHolder | undefined;
}

/**
 * Marks an invite revoked (inside a write); false when it already was. Its sessions end with it:
 * every request checks the invite behind a session, so their rows stay, and a browser still
 * holding one is told the invite was revoked rather than that it has none.
 */
export function revokeInviteRow(db: Db, id: number, at: string, by: string | null): boolean {
  return db.prepare('UPDATE invites SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL').run(at, by, id).changes > 0;
}

/** Records a new session of an invite (inside a write), and the invite's first use. */
export function insertTeamSession(db: Db, inviteId: number, sha256: string, at: string): void {
  db.prepare('INSERT INTO team_sessions (token_sha256, invite_id, created_at) VALUES (?, ?, ?)').run(sha256, inviteId, at);
  markInviteUsed(db, inviteId, at);
}

/** Records an invite's first use (inside a write); later uses leave it. */
export function markInviteUsed(db: Db, inviteId: number, at: string): void {
  db.prepare('UPDATE invites SET used_at = ? WHERE id = ? AND used_at IS NULL').run(at, inviteId);
}

/** Ends one session (inside a write): signing out. */
export function deleteTeamSession(db: Db, sha256: string): void {
  db.prepare('DELETE FROM team_sessions WHERE token_sha256 = ?').run(sha256);
}
