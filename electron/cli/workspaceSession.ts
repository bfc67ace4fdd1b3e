import fs from 'node:fs';
import { WorkspaceError } from '../../db/workspace';
import type { Claim } from '../api/access';
import { defaultBackupsRoot } from '../services/backups/workspaceBackups';
import { openSession, type Session } from '../services/session';
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
