import { sql, type RawBuilder, type UpdateObject } from 'kysely';
import type { Schema } from '../sql/schema';
import type { SqlDb } from '../sql/sqlDb';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import type { StoredRow } from '../sql/storedRow';

/** A job as stored (0150, 0151). */
export type JobRecord = StoredRow<
  'jobs',
  {
    state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
    /** What the job left for whoever asked for it (JSON), or null. */
    result: string | null;
  }
>;

// On the query layer (db/sql). Times are ISO 8601 UTC text, compared as text.

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The moment a lease statement goes by: a time in ms, or null for the database's own clock.
 * Servers decide expiry by null: on PostgreSQL that is the database's `now()`, so a server whose
 * clock is ahead cannot take a live job early, nor one behind keep a dead one's lease alive; on
 * SQLite it is this machine's clock, the one every process of a workspace file reads. (A time
 * in ms places a lease at a chosen moment: tests.)
 */
export type LeaseTime = number | null;

/** The PostgreSQL channel a cancel is announced on (in the cancelling write: heard once committed). */
export const JOB_CANCELS_CHANNEL = 'accord_job_cancels';

/** `at + plusMs` as the ISO text leases are stored in, computed by the database when `at` is null. */
function leaseMoment(db: SqlDb, at: LeaseTime, plusMs = 0): string | RawBuilder<string> {
  if (at !== null) return iso(at + plusMs);
  if (db.engine !== 'postgres') return iso(Date.now() + plusMs);
  return sql<string>`to_char((now() AT TIME ZONE 'UTC') + (${plusMs}::double precision * interval '1 millisecond'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Queues a job (inside a write); returns its id. */
export function insertJob(conn: AnyDb, job: { kind: string; args: unknown; createdBy: string | null; at: number }): number {
  const db = asSql(conn);
  return db.one(db.q.insertInto('jobs').values({ kind: job.kind, args: JSON.stringify(job.args), created_by: job.createdBy, created_at: iso(job.at) }).returning('id'))!.id;
}

export function jobById(conn: AnyDb, id: number): JobRecord | undefined {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('jobs').selectAll().where('id', '=', id)) as JobRecord | undefined;
}

/**
 * The oldest job of `kinds` a server may take at `now`: queued, or running with its lease run
 * out. An idle server asks this outside a write first, so looking for work writes nothing.
 */
export function jobToTake(conn: AnyDb, kinds: readonly string[], now: LeaseTime): { id: number } | undefined {
  const db = asSql(conn);
  if (kinds.length === 0) return undefined;
  const at = leaseMoment(db, now);
  return db.one(
    db.q
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)])]))
      .orderBy('id')
      .limit(1),
  );
}

/**
 * Leases the oldest job of `kinds` that is queued or whose lease ran out (its server died), for
 * `server` until `now + leaseMs` (inside a write). Two servers asking at once cannot both get one
 * job: on PostgreSQL both would update the job's row, so the second one's transaction fails and runs
 * again, and then finds the next job; on SQLite writes take turns.
 */
export function leaseNextJob(conn: AnyDb, server: string, kinds: readonly string[], now: LeaseTime, leaseMs: number): JobRecord | undefined {
  const db = asSql(conn);
  const candidate = jobToTake(db, kinds, now);
  if (!candidate) return undefined;
  db.run(
    db.q
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', leased_by: server, lease_until: leaseMoment(db, now, leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', candidate.id),
  );
  return jobById(db, candidate.id);
}

/** Changes job `id` while `server` holds its lease (inside a write); false when it no longer does. */
function updateHeld(conn: AnyDb, id: number, server: string, changes: UpdateObject<Schema, 'jobs'>): boolean {
  const db = asSql(conn);
  return db.run(db.q.updateTable('jobs').set(changes).where('id', '=', id).where('state', '=', 'running').where('leased_by', '=', server)) > 0;
}

/** Renews `server`'s lease of a running job (inside a write); false when the server no longer holds it. */
export function renewJobLease(conn: AnyDb, id: number, server: string, now: LeaseTime, leaseMs: number): boolean {
  return updateHeld(conn, id, server, { lease_until: leaseMoment(asSql(conn), now, leaseMs) });
}

/** Whether job `id` is running on a lease that has run out at `now` (its server died or stalled). */
export function leaseRanOut(conn: AnyDb, id: number, now: LeaseTime): boolean {
  const db = asSql(conn);
  return db.one(db.q.selectFrom('jobs').select('id').where('id', '=', id).where('state', '=', 'running').where('lease_until', '<', leaseMoment(db, now))) !== undefined;
}

/** Records progress of a job `server` holds (inside a write); false when it no longer holds it. */
export function setJobProgress(conn: AnyDb, id: number, server: string, done: number, total: number | null): boolean {
  return updateHeld(conn, id, server, { progress_done: done, progress_total: total });
}

/** Ends a job `server` holds as done or failed (inside a write); false when it no longer holds it. */
export function finishJob(conn: AnyDb, id: number, server: string, outcome: { state: 'done' | 'failed'; error?: string; at: number }): boolean {
  return updateHeld(conn, id, server, { state: outcome.state, error: outcome.error ?? null, leased_by: null, lease_until: null, finished_at: iso(outcome.at) });
}

/**
 * Cancels a queued or running job (inside a write). On PostgreSQL the write also announces it on
 * {@link JOB_CANCELS_CHANNEL} — sent when the write commits, never for one rolled back — so the
 * server holding the job aborts it at once (jobLeases.ts); elsewhere, and should that notice be
 * missed, the holder sees the cancel at its next renewal.
 */
export function cancelJob(conn: AnyDb, id: number, at: number): boolean {
  const db = asSql(conn);
  const update = db.q
    .updateTable('jobs')
    .set({ state: 'cancelled', leased_by: null, lease_until: null, finished_at: iso(at) })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running']);
  if (db.run(update) === 0) return false;
  if (db.engine === 'postgres') db.one(sql`SELECT pg_notify(${JOB_CANCELS_CHANNEL}, ${String(id)})`);
  return true;
}

/** The queued and running jobs of `kind`, oldest first (few: long work a team has under way). */
export function activeJobsOfKind(conn: AnyDb, kind: string): JobRecord[] {
  const db = asSql(conn);
  return db.all(db.q.selectFrom('jobs').selectAll().where('kind', '=', kind).where('state', 'in', ['queued', 'running']).orderBy('id')) as JobRecord[];
}

/**
 * Gives a job `server` holds back to the queue (inside a write), its progress kept: a server
 * shutting down lets another take the job at once rather than after its lease runs out.
 */
export function releaseJob(conn: AnyDb, id: number, server: string): boolean {
  // Given back, not ended: the lease does not count as an attempt.
  return updateHeld(conn, id, server, { state: 'queued', leased_by: null, lease_until: null, attempts: sql<number>`attempts - 1` });
}

/** Replaces a job's args (inside a write): what its handler records for a later holder of the job. */
export function updateJobArgs(conn: AnyDb, id: number, args: unknown): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('jobs').set({ args: JSON.stringify(args) }).where('id', '=', id));
}

/** Records what a job leaves for whoever asked for it (inside a write of its holder's; see LeasedJob.holds). */
export function setJobResult(conn: AnyDb, id: number, result: unknown): void {
  const db = asSql(conn);
  db.run(db.q.updateTable('jobs').set({ result: JSON.stringify(result) }).where('id', '=', id));
}

/**
 * Clears the results of jobs of `kind` that ended before `before` (inside a write): what they
 * left for a request that has long read it (an agreement export on 100,000 units is ~50 MB).
 */
export function clearEndedJobResults(conn: AnyDb, kind: string, before: number): number {
  const db = asSql(conn);
  return db.run(
    db.q
      .updateTable('jobs')
      .set({ result: null })
      .where('kind', '=', kind)
      .where('state', 'in', ['done', 'failed', 'cancelled'])
      .where('finished_at', '<', iso(before))
      .where('result', 'is not', null),
  );
}
