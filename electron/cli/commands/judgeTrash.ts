import type { Command } from 'commander';
import type { RunDeletionImpact } from '../../api/contract';
import { runImpactLines } from '../../common/deletionImpact';
import { call } from '../call';
import { sessionRunner, workspaceOption, type CommandEnv } from '../commandEnv';
import { CliError, UsageError } from '../io';

const describe = (impact: RunDeletionImpact) => runImpactLines(impact).map((line) => `  ${line}\n`).join('');

function runNumber(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--run must be a run number (accord judge runs), got "${text}"`);
  return n;
}

/**
 * `accord judge delete | trash | restore | purge`: a judge run goes to the trash saying what goes
 * with it (--dry-run only says), comes back whole, or is deleted for good with --yes after a
 * backup. Lead only, like the same methods in the app.
 */
export function registerJudgeTrashCommands(judge: Command, env: CommandEnv): void {
  const withSession = sessionRunner(env);

  workspaceOption(
    judge
      .command('delete')
      .description('move a judge run to the trash (restorable), saying what goes with it: calls, cost, its labels')
      .requiredOption('-r, --run <run>', 'the judge run')
      .option('--dry-run', 'only say what would go')
      .option('--json', 'print JSON'),
  ).action((options: { workspace?: string; run: string; dryRun?: boolean; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      const run = runNumber(options.run);
      if (options.dryRun) {
        const impact = await call(ctx, 'judges.deleteImpact', { run });
        env.io.stdout(options.json ? `${JSON.stringify({ dryRun: true, impact }, null, 2)}\n` : `Deleting judge run ${run} would move to the trash:\n${describe(impact)}(dry run: nothing changed)\n`);
        return;
      }
      const result = await call(ctx, 'judges.delete', { run });
      if (options.json) env.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      else if (!result.trashed) env.io.stdout(`Judge run ${run} is already in the trash (accord judge restore --run ${run} brings it back).\n`);
      else env.io.stdout(`Moved judge run ${run} to the trash, with:\n${describe(result.impact)}Nothing is lost: accord judge restore --run ${run} brings it back.\n`);
    }),
  );

  workspaceOption(judge.command('trash').description('list the judge runs in the trash and what each holds').option('--json', 'print JSON')).action(
    (options: { workspace?: string; json?: boolean }) =>
      withSession(options.workspace, async (ctx) => {
        const trash = await call(ctx, 'judges.trash', {});
        if (options.json) env.io.stdout(`${JSON.stringify(trash, null, 2)}\n`);
        else env.io.stdout(trash.map((r) => `run ${r.id}  ${r.rater}  deleted ${r.trashedAt}${r.trashedBy ? ` by ${r.trashedBy}` : ''}\n${describe(r.impact)}`).join('') || 'no judge run in the trash\n');
      }),
  );

  workspaceOption(judge.command('restore').description('bring a judge run back from the trash, every call and label with it').requiredOption('-r, --run <run>', 'the judge run')).action(
    (options: { workspace?: string; run: string }) =>
      withSession(options.workspace, async (ctx) => {
        const run = runNumber(options.run);
        await call(ctx, 'judges.restore', { run });
        env.io.stdout(`Restored judge run ${run}.\n`);
      }),
  );

  workspaceOption(
    judge
      .command('purge')
      .description('delete a trashed judge run for good, after a backup (needs --yes)')
      .requiredOption('-r, --run <run>', 'the judge run, in the trash')
      .option('--yes', 'confirm: delete it for good')
      .option('--json', 'print JSON'),
  ).action((options: { workspace?: string; run: string; yes?: boolean; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      const run = runNumber(options.run);
      if (!options.yes) {
        const impact = await call(ctx, 'judges.deleteImpact', { run });
        throw new CliError(`purging judge run ${run} deletes for good:\n${describe(impact)}pass --yes to do it (a backup of the workspace is taken first)`);
      }
      const result = await call(ctx, 'judges.purge', { run, confirm: `run ${run}` });
      env.io.stdout(options.json ? `${JSON.stringify(result, null, 2)}\n` : `Deleted judge run ${run} for good.${result.backup ? ` Backup taken just before: ${result.backup}` : ''}\n`);
    }),
  );
}
