import { Command, CommanderError } from 'commander';
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
import { registerWorkspaceCommand } from './commands/workspace';
import { registerCurateCommand } from './commands/curate';
import { registerInviteCommand } from './commands/invite';
import { registerSopReviewCommand } from './commands/sopReview';
import { markOpensNoWorkspace, opensNoWorkspace, type CommandEnv } from './commandEnv';
import { CliError, UsageError, visibleIO, type CliIO } from './io';
import type { openCliSession, openCliSessionAnywhere } from './workspaceSession';
import { visibleOutput } from '../common/visibleText';

/**
 * Every top-level command with what registers it. A run that names one registers only that one
 * (`createProgram`'s `only`): commander's options cost every start milliseconds per command.
 */
const COMMANDS: readonly (readonly [name: string, register: (program: Command, env: CommandEnv) => void])[] = [
  ['import', registerImportCommand],
  ['items', registerItemsCommand],
  ['serve', registerServeCommand],
  ['task', registerTaskCommand],
  ['labels', registerLabelsCommand],
  ['pack', registerPackCommand],
  ['datasets', registerDatasetsCommand],
  ['judge', registerJudgeCommand],
  ['agreement', registerAgreementCommand],
  ['annotators', registerAnnotatorsCommand],
  ['workspace', registerWorkspaceCommand],
  ['curate', registerCurateCommand],
  ['invite', registerInviteCommand],
  ['sop-review', registerSopReviewCommand],
];

/** The names of the top-level commands, in the order `accord --help` lists them. */
export const COMMAND_NAMES: readonly string[] = COMMANDS.map(([name]) => name);

/**
 * The command `argv` (as `process.argv`) runs, when it names one: the first word after the global
 * option `--as NAME`. Undefined for `--help`, `help …`, a misspelt command and the like, which
 * need every command registered (to list them, or to suggest one).
 */
export function commandNamed(argv: readonly string[]): string | undefined {
  let i = 2;
  while (argv[i] === '--as') i += 2;
  if (argv[i]?.startsWith('--as=')) i++;
  return COMMAND_NAMES.includes(argv[i]) ? argv[i] : undefined;
}

/**
 * Builds the `accord` program. `run` returns the exit code instead of exiting. With `only`, a
 * command name, just that command is registered (see {@link commandNamed}).
 */
export function createProgram(io: CliIO, { only }: { only?: string } = {}) {
  let exitCode = 0;
  // The workspace layer, loaded before the action of any command that may open a workspace.
  let openWorkspace: typeof openCliSession | undefined;
  let openAnywhere: typeof openCliSessionAnywhere | undefined;
  const env: CommandEnv = {
    io: visibleIO(io),
    open(workspace, emit, options) {
      if (!openWorkspace) throw new Error('this command was marked as opening no workspace (opensNoWorkspace), yet it opened one');
      // Who is calling (DESIGN.md §1): --as NAME, else the workspace's owner, who acts as its lead.
      const as = (program.opts() as { as?: string }).as;
      return openWorkspace({ workspace, emit, claim: as === undefined ? { owner: true } : { name: as }, readOnly: options?.readOnly });
    },
    openAnywhere(workspace, emit) {
      if (!openAnywhere) throw new Error('this command was marked as opening no workspace (opensNoWorkspace), yet it opened one');
      const as = (program.opts() as { as?: string }).as;
      return openAnywhere({ workspace, emit, claim: as === undefined ? { owner: true } : { name: as } });
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
    .option('--as <name>', "act as this person of the workspace (default: the workspace's lead)")
    .hook('preAction', async (_program, action) => {
      if (!opensNoWorkspace(action)) {
        const sessions = await import('./workspaceSession');
        openWorkspace ??= sessions.openCliSession;
        openAnywhere ??= sessions.openCliSessionAnywhere;
      }
    });
  for (const [name, register] of COMMANDS) if (only === undefined || only === name) register(program, env);
  // `accord agreement --ratings FILE` computes on the file alone (scripts call it once per file).
  const agreement = program.commands.find((c) => c.name() === 'agreement');
  if (agreement) markOpensNoWorkspace(agreement, (options) => options.ratings !== undefined);

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
