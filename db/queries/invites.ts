import { sql } from 'kysely';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { StoredRow } from '../sql/storedRow';

/** An invite as stored (0140): the token itself is never stored, only its SHA-256. */
export type InviteRecord = StoredRow<
  'invites',
  {
    role: 'annotator' | 'adjudicator' | 'lead';
  }
>;

/** An invite with its person's current record, as a request's credentials are checked against. */
export interface InviteHolder extends InviteRecord {
  person: string;
  person_active: number;
  /** The person's role now (access follows it, not the role at invite time). */
  person_role: InviteRecord['role'];
}

// On the query layer (db/sql): these run on SQLite and PostgreSQL alike.

/** An invite's columns with its person's name, current role and whether they are active. */
function invitesWithPerson(conn: AnyDb) {
  const db = asSql(conn);
  return db.q
    .selectFrom('invites as i')
    .innerJoin('annotators as a', 'a.id', 'i.annotator_id')
    .selectAll('i')
    .select(['a.name as person', 'a.active as person_active', 'a.role as person_role']);
}

/** Inserts an invite (inside a write); returns its id. */
export function insertInvite(conn: AnyDb, invite: Omit<InviteRecord, 'id' | 'revoked_at' | 'revoked_by' | 'used_at'>): number {
  const db = asSql(conn);
  return db.one(db.q.insertInto('invites').values(invite).returning('id'))!.id;
}

/** Every invite with its person's name, newest first. */
export function listInviteRows(conn: AnyDb): (InviteRecord & { person: string; sessions: number })[] {
  const db = asSql(conn);
  const sessions = sql<number>`(SELECT count(*) FROM team_sessions s WHERE s.invite_id = i.id)`;
  return db.all(invitesWithPerson(db).select(sessions.as('sessions')).orderBy('i.id', 'desc')) as (InviteRecord & { person: string; sessions: number })[];
}

export function inviteById(conn: AnyDb, id: number): (InviteRecord & { person: string }) | undefined {
  const db = asSql(conn);
  return db.one(invitesWithPerson(db).where('i.id', '=', id)) as InviteHolder | undefined;
}

/** The invite whose token hashes to `sha256`, with its person. */
export function inviteByTokenHash(conn: AnyDb, sha256: string): InviteHolder | undefined {
  const db = asSql(conn);
  return db.one(invitesWithPerson(db).where('i.token_sha256', '=', sha256)) as InviteHolder | undefined;
}

/** The invite (with its person) of the session whose token hashes to `sha256`. */
export function inviteOfSessionHash(conn: AnyDb, sha256: string): InviteHolder | undefined {
  const db = asSql(conn);
  const query = invitesWithPerson(db)
    .innerJoin('team_sessions as s', 's.invite_id', 'i.id')
    .where('s.token_sha256', '=', sha256);
  return db.one(query) as InviteHolder | undefined;
}

/**
 * Marks an invite revoked (inside a write); false when it already was. Its sessions end with it:
 * every request checks the invite behind a session, so their rows stay, and a browser still
 * holding one is told the invite was revoked rather than that it has none.
 */
export function revokeInviteRow(conn: AnyDb, id: number, at: string, by: string | null): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('invites').set({ revoked_at: at, revoked_by: by }).where('id', '=', id).where('revoked_at', 'is', null)) > 0;
}

/** Records a new session of an invite (inside a write), and the invite's first use. */
export function insertTeamSession(conn: AnyDb, inviteId: number, sha256: string, at: string): void {
  const db = asSql(conn);
  db.run(db.q.insertInto('team_sessions').values({ token_sha256: sha256, invite_id: inviteId, created_at: at }));
  markInviteUsed(db, inviteId, at);
}

/** Records an invite's first use (inside a write); later uses leave it. */
export function markInviteUsed(conn: AnyDb, inviteId: number, at: string): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('invites').set({ used_at: at }).where('id', '=', inviteId).where('used_at', 'is', null));
}

/** Ends one session (inside a write): signing out. */
export function deleteTeamSession(conn: AnyDb, sha256: string): void {
  const db = asSql(conn);
  db.run(db.q.deleteFrom('team_sessions').where('token_sha256', '=', sha256));
}
