import { printable } from '../../db/copy/where';
import { migratePostgres } from '../../db/pgMigrations';
import { pgClient } from '../../db/sql/pgConnection';
import { PgWritePath } from '../../db/sql/pgWritePath';
import { ANONYMOUS, type ContextOptions, type ServiceContext } from './context';
import { JobRegistry } from './jobs';
import { finishInterruptedPurges } from './trash/interruptedPurges';
import { discardAbandonedImports } from './import/abandonedImports';
import { PgEventBus } from './pgEvents';

/** A workspace on PostgreSQL with its service context. */
export interface PostgresSession {
  ctx: ServiceContext;
  writePath: PgWritePath;
  events: PgEventBus;
  close(): void;
}


/**
 * Opens the workspace in the PostgreSQL database at `url`: migrates it to the latest schema
 * (under an advisory lock, so servers starting together do not both migrate), then opens the
 * connection thread and the write path on it (db/sql/pgWritePath.ts).
 */
export async function openPostgresSession(url: string, options: Omit<ContextOptions, 'db' | 'writePath' | 'workspacePath' | 'backupsRoot'> = {}): Promise<PostgresSession> {
  const client = pgClient(url, 'accord migrations');
  await client.connect();
  try {
    await migratePostgres(client);
  } finally {
    await client.end();
  }
  const writePath = PgWritePath.connect(url);
  // Events go through the database, so every server's browsers hear them (pgEvents.ts).
  let events: PgEventBus;
  try {
    events = await PgEventBus.start(url, options.emit ?? (() => {}));
  } catch (error) {
    writePath.close();
    throw error;
  }
  const emit: ServiceContext['emit'] = (event, payload) => events.publish(event, payload);
  const ctx: ServiceContext = {
    sql: writePath.db,
    sqlWrite: writePath.write,
    workspacePath: printable(url),
    caller: ANONYMOUS,
    claim: options.claim ?? null,
    baseUrl: options.baseUrl ?? null,
    emit,
    jobs: new JobRegistry((progress) => emit('job.progress', progress)),
    resolveUpload: options.resolveUpload ?? (() => null),
    // Backups of a server database are the database's own (pg_dump; README "Run a team server").
    backups: null,
    // A cancel from any server reaches the job's holder at once (jobLeases.ts).
    onJobCancelled: (listener) => events.onJobCancelled(listener),
  };
  const close = () => {
    void events.close();
    writePath.close();
  };
  try {
    // A purge the server that ran it did not finish (it died): finished here, as a file does at open.
    await finishInterruptedPurges(ctx);
    // Likewise an import whose server died: its rows were never visible, and go.
    await discardAbandonedImports(ctx);
  } catch (error) {
    close();
    throw error;
  }
  return { ctx, writePath, events, close };
}
