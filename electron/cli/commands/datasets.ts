import type { Command } from 'commander';
import type { DeletionImpact } from '../../api/contract';
import { impactLines } from '../../common/deletionImpact';
import { call } from '../call';
import { sessionRunner, workspaceOption, type CommandEnv } from '../commandEnv';
import { CliError } from '../io';
import type { ServiceContext } from '../../services/context';

const describe = (impact: DeletionImpact) => impactLines(impact).map((line) => `  ${line}\n`).join('');

/** A dataset's id by name: among the datasets (`where: 'listed'`) or in the trash. */
async function idOf(ctx: ServiceContext, name: string, where: 'listed' | 'trash'): Promise<number> {
  const found = where === 'listed' ? (await call(ctx, 'datasets.list', {})).find((d) => d.name === name) : (await call(ctx, 'datasets.trash', {})).find((d) => d.name === name);
  if (!found) throw new CliError(where === 'listed' ? `no dataset named "${name}" (accord datasets list; deleted ones: accord datasets trash)` : `no dataset named "${name}" in the trash (accord datasets trash)`);
  return found.id;
}

/**
 * `accord datasets`: list, delete (to the trash, saying what goes), trash, restore and purge.
 * Nothing is lost silently: deletion is restorable, purging needs --yes and takes a backup.
 */
export function registerDatasetsCommand(program: Command, env: CommandEnv): void {
  const datasets = program.command('datasets').description('list datasets; delete them to the trash, restore them, or purge them for good');
  const withSession = sessionRunner(env);

  workspaceOption(datasets.command('list').description('list the datasets with their item counts').option('--json', 'print JSON')).action(
    (options: { workspace?: string; json?: boolean }) =>
      withSession(options.workspace, async (ctx) => {
        const list = await call(ctx, 'datasets.list', {});
        if (options.json) env.io.stdout(`${JSON.stringify(list, null, 2)}\n`);
        else env.io.stdout(list.map((d) => `${d.name}  ${d.kind}  ${d.itemCount} items\n`).join('') || 'no datasets\n');
      }),
  );

  workspaceOption(
    datasets
      .command('delete')
      .description('move a dataset to the trash (restorable), saying what goes with it')
      .argument('<name>', 'dataset')
      .option('--dry-run', 'only say what would go')
      .option('--json', 'print JSON'),
  ).action((name: string, options: { workspace?: string; dryRun?: boolean; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      const id = await idOf(ctx, name, 'listed');
      if (options.dryRun) {
        const impact = await call(ctx, 'datasets.impact', { id });
        env.io.stdout(options.json ? `${JSON.stringify({ dryRun: true, impact }, null, 2)}\n` : `Deleting "${name}" would move to the trash:\n${describe(impact)}(dry run: nothing changed)\n`);
        return;
      }
      const result = await call(ctx, 'datasets.delete', { id });
      env.io.stdout(
        options.json
          ? `${JSON.stringify(result, null, 2)}\n`
          : `Moved "${name}" to the trash, with:\n${describe(result.impact)}Nothing is lost: accord datasets restore "${name}" brings it back.\n`,
      );
    }),
  );

  workspaceOption(datasets.command('trash').description('list the datasets in the trash and what each holds').option('--json', 'print JSON')).action(
    (options: { workspace?: string; json?: boolean }) =>
      withSession(options.workspace, async (ctx) => {
        const trash = await call(ctx, 'datasets.trash', {});
        if (options.json) env.io.stdout(`${JSON.stringify(trash, null, 2)}\n`);
        else env.io.stdout(trash.map((d) => `${d.name}  deleted ${d.trashedAt}${d.trashedBy ? ` by ${d.trashedBy}` : ''}\n${describe(d.impact)}`).join('') || 'the trash is empty\n');
      }),
  );

  workspaceOption(datasets.command('restore').description('bring a dataset back from the trash, every label with it').argument('<name>', 'dataset')).action(
    (name: string, options: { workspace?: string }) =>
      withSession(options.workspace, async (ctx) => {
        await call(ctx, 'datasets.restore', { id: await idOf(ctx, name, 'trash') });
        env.io.stdout(`Restored "${name}".\n`);
      }),
  );

  workspaceOption(
    datasets
      .command('purge')
      .description('delete a trashed dataset for good, after a backup (needs --yes)')
      .argument('<name>', 'dataset in the trash')
      .option('--yes', 'confirm: delete it for good')
      .option('--json', 'print JSON'),
  ).action((name: string, options: { workspace?: string; yes?: boolean; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      const id = await idOf(ctx, name, 'trash');
      if (!options.yes) {
        const impact = await call(ctx, 'datasets.impact', { id });
        throw new CliError(`purging "${name}" deletes for good:\n${describe(impact)}pass --yes to do it (a backup of the workspace is taken first)`);
      }
      const result = await call(ctx, 'datasets.purge', { id, confirm: name });
      env.io.stdout(options.json ? `${JSON.stringify(result, null, 2)}\n` : `Deleted "${name}" for good.${result.backup ? ` Backup taken just before: ${result.backup}` : ''}\n`);
    }),
  );
}
