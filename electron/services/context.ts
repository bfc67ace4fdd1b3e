import type { ApiEvents, EventName } from '../api/contract';
import type { Caller, Claim } from '../api/access';
import type { Db } from '../../db/workspace';
import { WritePath } from '../../db/writePath';
import type { SqlWrite } from '../../db/sql/pgWritePath';
import { sqliteSqlWrite, sqlOf } from '../../db/sql/sqliteSqlDb';
import type { SqlDb } from '../../db/sql/sqlDb';
import { WorkspaceBackups } from './backups/workspaceBackups';
import { JobRegistry } from './jobs';

/**
 * What every service function gets: the workspace, who is calling, and the means to report on
 * long work. The session holds one context; dispatch derives a per-call copy carrying the caller
 * (`withCaller`), so services read the caller from here and never from their arguments.
 */
export interface ServiceContext {
  /**
   * The workspace through the one query layer (db/sql): the same on SQLite and PostgreSQL. Reads
   * outside a write; `sqlWrite` writes. Code moved to it runs on both engines (issue 16).
   */
  sql: SqlDb;
  /** The one write path through the query layer: `ctx.sqlWrite((db) => …)`, `db` the connection to write with. */
  sqlWrite: SqlWrite;
  workspacePath: string;
  /** Who is calling, resolved by dispatch from what the transport claims (DESIGN.md §1). */
  caller: Caller;
  /**
   * Who the session's transport says calls through it when the call itself names nobody: the
   * CLI's `--as NAME` or the workspace owner. Null for the window transports, whose every call
   * carries its own claim.
   */
  claim: Claim;
  /** Browser mode's base URL for deep links (e.g. `http://127.0.0.1:4873/`), else null. */
  baseUrl: string | null;
  emit<E extends EventName>(event: E, payload: ApiEvents[E]): void;
  jobs: JobRegistry;
  /**
   * The workspace's backups (daily, and one before anything that removes human work for good),
   * or null where the transport keeps none (tests that do not ask for them).
   */
  backups: WorkspaceBackups | null;
  /** Browser mode: maps an upload id to the temporary file holding the uploaded bytes. */
  resolveUpload(uploadId: string): string | null;
  /**
   * True on a team server: long work (judge runs) is queued as a job with a lease
   * (jobLeases.ts) that whichever server of the workspace leases it runs, and the request
   * answers at once, rather than running inside the request in this process.
   */
  leasedJobs?: boolean;
  /**
   * A team server's folder for the files its import jobs read (uploads move there), on storage
   * every server of the team reads (`accord serve --team --upload-folder`); unset elsewhere.
   */
  jobFilesFolder?: string;
  /**
   * Calls `listener` with the id of each leased job cancelled on any server of the workspace, as
   * the cancel commits (PostgreSQL: pgEvents.ts); returns the unsubscribe. Unset where no other
   * server could cancel (a workspace file): a holder then sees a cancel at its next renewal.
   */
  onJobCancelled?(listener: (jobId: number) => void): () => void;
}

export interface ContextOptions {
  db: Db;
  /** The session's write path, whose routed connection `db` is; by default one over `db` alone. */
  writePath?: WritePath;
  /** Where this workspace's backups go (its own folder under this root); none when absent. */
  backupsRoot?: string;
  workspacePath: string;
  baseUrl?: string | null;
  emit?: ServiceContext['emit'];
  resolveUpload?: ServiceContext['resolveUpload'];
  claim?: Claim;
}

/** Nobody: the caller of a context no transport has claimed anyone for. Only public methods let it in. */
export const ANONYMOUS: Caller = { name: null, annotatorId: null, role: 'anonymous' };

/** Builds a service context; transports pass their event sink and upload store. */
export function createServiceContext(options: ContextOptions): ServiceContext {
  const emit = options.emit ?? (() => {});
  const { write } = options.writePath ?? new WritePath(options.db);
  return {
    sql: sqlOf(options.db),
    sqlWrite: sqliteSqlWrite(write),
    workspacePath: options.workspacePath,
    caller: ANONYMOUS,
    claim: options.claim ?? null,
    baseUrl: options.baseUrl ?? null,
    emit,
    jobs: new JobRegistry((progress) => emit('job.progress', progress)),
    resolveUpload: options.resolveUpload ?? (() => null),
    backups: options.backupsRoot ? new WorkspaceBackups(options.db, options.backupsRoot, options.workspacePath) : null,
  };
}

/** The same context, acting for `caller` (everything else shared: connection, jobs, lock). */
export function withCaller(ctx: ServiceContext, caller: Caller): ServiceContext {
  return { ...ctx, caller };
}
