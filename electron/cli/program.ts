import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import { openSession } from '../services/session';
import { WorkspaceError } from '../../db/workspace';
import { registerImportCommand } from './commands/import';
import { registerItemsCommand } from './commands/items';
import { registerServeCommand } from './commands/serve';
import { registerTaskCommand } from './commands/task';
import { registerLabelsCommand } from './commands/labels';
import { registerPackCommand } from './commands/pack';
import { registerDatasetsCommand } from './commands/datasets';
import { registerJudgeCommand } from './commands/judge';
import { registerAgreementCommand } from './commands/agreement';
import { registerAnnotatorsCommand } from './commands/annotators';
import { registerAnnotatorsCommand } from './commands/annotators';
import type { CommandEnv } from './commandEnv';
import { defaultBackupsRoot } from '../services/backups/workspaceBackups';
import { defaultWorkspacePath, userAccordFolder } from './defaultWorkspace';
import { CliError, UsageError, visibleIO, type CliIO } from './io';
import { visibleOutput } from '../shared/visibleText';

/** Builds the `accord` program. `run` returns the exit code instead of exiting. */
export function createProgram(io: CliIO) {
  let exitCode = 0;
  const env: CommandEnv = {
    io: visibleIO(io),
    open(workspace, emit, options) {
      try {
        // Who is calling (DESIGN.md §1): --as NAME, else the workspace's owner, who acts as its lead.
        const as = (program.opts() as { as?: string }).as;
        const file = workspace ?? defaultWorkspacePath();
        return openSession({
          workspacePath: options?.readOnly && workspace === undefined && !fs.existsSync(file) ? ':memory:' : file,
          emit,
          claim: as === undefined ? { owner: true } : { name: as },
          backupsRoot: defaultBackupsRoot(userAccordFolder()),
        });
      } catch (error) {
        if (error instanceof WorkspaceError) throw new CliError(error.message);
        throw error;
      }
    },
    setExitCode(code) {
      exitCode = Math.max(exitCode, code);
    },
  };
  const program = new Command('accord')
    .description('Accord: review LLM-generated SOP graphs, plans and conversations; measure agreement.')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .option('--as <name>', "act as this person of the workspace (default: the workspace's lead)");
  registerImportCommand(program, env);
  registerItemsCommand(program, env);
  registerServeCommand(program, env);
  registerTaskCommand(program, env);
  registerLabelsCommand(program, env);
  registerPackCommand(program, env);
  registerDatasetsCommand(program, env);
  registerJudgeCommand(program, env);
  registerAgreementCommand(program, env);
  registerAnnotatorsCommand(program, env);
  registerAnnotatorsCommand(program, env);

  return {
    program,
    env,
    async run(argv: string[]): Promise<number> {
      try {
        await program.parseAsync(argv);
        return exitCode;
      } catch (error) {
        if (error instanceof CommanderError) {
          // --help and --version end here too, with code 0.
          return error.exitCode === 0 ? 0 : 1;
        }
        if (error instanceof UsageError || error instanceof CliError) {
          io.stderr(visibleOutput(`accord: ${error.message}\n`));
          return error instanceof CliError ? error.exitCode : 1;
        }
        io.stderr(visibleOutput(`accord: internal error: ${(error as Error).message}\n`));
        if (process.env.ACCORD_DEBUG) io.stderr(`${(error as Error).stack}\n`);
        return 1;
      }
    },
  };
}
