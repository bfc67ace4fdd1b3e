import type { Command } from 'commander';
import type { ServiceContext } from '../services/context';
import type { openSession, Session } from '../services/session';
import type { CommandIO } from './io';

// What program.ts hands every command, kept apart from program.ts so that the commands and the
// program that registers them do not import each other.

/** What every command gets: where to write, how to open a workspace, and the exit code. */
export interface CommandEnv {
  /** Escapes what it prints (names are data); `io.raw` for exported content. */
  io: CommandIO;
  /**
   * Opens `--workspace` (or the default one, created when missing) with progress events routed
   * to `onProgress`. `readOnly`: a command that only reads (e.g. writing a preset judge out) opens
   * an empty workspace in memory rather than create the default file when it does not exist yet.
   */
  open(workspace: string | undefined, onProgress?: Parameters<typeof openSession>[0]['emit'], options?: { readOnly?: boolean }): Session;
  /** Opens `--workspace` as `open` does, or a PostgreSQL workspace when it is a `postgres://` URL. */
  openAnywhere(workspace: string | undefined, onProgress?: Parameters<typeof openSession>[0]['emit']): Promise<Pick<Session, 'ctx' | 'close'>>;
  setExitCode(code: number): void;
}

/** Every command that opens a workspace takes this option, with the same wording. */
export function workspaceOption(command: Command): Command {
  return command.option('-w, --workspace <path>', 'workspace file (default: the per-user default workspace), or a postgres:// URL where the command runs on PostgreSQL');
}

const fileOnly = new WeakMap<Command, (options: Record<string, unknown>) => boolean>();

/**
 * Marks a command that, with the options `when` accepts, works on files alone and opens no
 * workspace, so that it starts without loading the database layer (e.g. `accord agreement
 * --ratings FILE`). It must then never call `env.open`.
 */
export function markOpensNoWorkspace(command: Command, when: (options: Record<string, unknown>) => boolean): Command {
  fileOnly.set(command, when);
  return command;
}

/** Whether this invocation of `command` opens no workspace (see {@link markOpensNoWorkspace}). */
export function opensNoWorkspace(command: Command): boolean {
  return fileOnly.get(command)?.(command.opts()) ?? false;
}

/**
 * `run(workspace, work)`: opens the workspace (`--workspace` or the default), runs `work` on its
 * service context and closes it whatever happens — what each subcommand of a command group does.
 */
export function sessionRunner(env: CommandEnv): (workspace: string | undefined, work: (ctx: ServiceContext) => Promise<void>) => Promise<void> {
  return async (workspace, work) => {
    const session = await env.openAnywhere(workspace);
    try {
      await work(session.ctx);
    } finally {
      session.close();
    }
  };
}
