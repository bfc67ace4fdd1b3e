import fs from 'node:fs';
import { WorkspaceError } from '../../db/workspace';
import type { Claim } from '../api/access';
import { defaultBackupsRoot } from '../services/backups/workspaceBackups';
import { openSession, type Session } from '../services/session';
import { isPostgresUrl, printable } from '../../db/copy/where';
import { defaultWorkspacePath, userAccordFolder } from './defaultWorkspace';
import { CliError } from './io';

// Loaded by program.ts only before a command that opens a workspace: the database layer, the
// backups and their hashing are what `accord agreement --ratings FILE` would otherwise pay for at
// every start without using them (see the CLI start-up bench).

export interface OpenOptions {
  workspace: string | undefined;
  emit: Parameters<typeof openSession>[0]['emit'];
  claim: Claim;
  /** An empty workspace in memory rather than create the default file when it does not exist. */
  readOnly?: boolean;
}

/** Opens `--workspace` (or the default one) as the CLI does; a workspace that cannot open is a CliError. */
export function openCliSession({ workspace, emit, claim, readOnly }: OpenOptions): Session {
  if (workspace !== undefined && isPostgresUrl(workspace)) {
    throw new CliError(
      `this command does not run on a PostgreSQL workspace (${printable(workspace)}) yet; on one run accord serve --team and the invite, annotators, datasets, import, task, items, labels, agreement, curate, judge, pack and sop-review commands (docs/team-server.md), or copy the workspace to a file first: accord workspace copy --from URL --to FILE`,
    );
  }
  try {
    const file = workspace ?? defaultWorkspacePath();
    return openSession({
      workspacePath: readOnly && workspace === undefined && !fs.existsSync(file) ? ':memory:' : file,
      emit,
      claim,
      backupsRoot: defaultBackupsRoot(userAccordFolder()),
    });
  } catch (error) {
    if (error instanceof WorkspaceError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * Opens `--workspace` wherever it lives: a file as {@link openCliSession} does, or a PostgreSQL
 * database (`postgres://…`), migrating it to the latest schema first. What the commands that run
 * on both engines use (commandEnv.ts sessionRunner).
 */
export async function openCliSessionAnywhere(options: OpenOptions): Promise<Pick<Session, 'ctx' | 'close'>> {
  if (options.workspace === undefined || !isPostgresUrl(options.workspace)) return openCliSession(options);
  try {
    // pg and the connection thread load only for a PostgreSQL workspace.
    const { openPostgresSession } = await import('../services/postgresSession');
    return await openPostgresSession(options.workspace, { emit: options.emit, claim: options.claim });
  } catch (error) {
    throw new CliError(`cannot open the workspace at ${printable(options.workspace)}: ${(error as Error).message}`);
  }
}
