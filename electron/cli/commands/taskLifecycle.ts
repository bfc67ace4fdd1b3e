import type { Command } from 'commander';
import { impactLines } from '../../common/deletionImpact';
import type { TaskDeletionImpact } from '../../api/contract';
import { call } from '../call';
import { sessionRunner, workspaceOption, type CommandEnv } from '../commandEnv';
import { CliError } from '../io';

const describe = (impact: TaskDeletionImpact) => impactLines(impact).map((line) => `  ${line}\n`).join('');

/**
 * `accord task archive|unarchive|delete|trash|restore|purge` (the same shape as `accord datasets`):
 * archiving makes a task read-only and hides it from its annotators; deleting moves it to the
 * trash saying what goes; purging needs --yes and takes a backup first. For leads.
 */
export function registerTaskLifecycle(task: Command, env: CommandEnv): void {
  const withSession = sessionRunner(env);

  workspaceOption(task.command('archive').description('make a task read-only and hide it from its annotators (restorable)').argument('<name>', 'task')).action(
    (name: string, options: { workspace?: string }) =>
      withSession(options.workspace, async (ctx) => {
        await call(ctx, 'tasks.archive', { task: name });
        env.io.stdout(`Archived "${name}": read-only, hidden from its annotators. accord task unarchive "${name}" brings it back.\n`);
      }),
  );
  workspaceOption(task.command('unarchive').description('make an archived task active again').argument('<name>', 'task')).action((name: string, options: { workspace?: string }) =>
    withSession(options.workspace, async (ctx) => {
      await call(ctx, 'tasks.unarchive', { task: name });
      env.io.stdout(`"${name}" is active again.\n`);
    }),
  );

  workspaceOption(
    task.command('delete').description('move a task to the trash (restorable), saying what goes with it').argument('<name>', 'task').option('--dry-run', 'only say what would go').option('--json', 'print JSON'),
  ).action((name: string, options: { workspace?: string; dryRun?: boolean; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      if (options.dryRun) {
        const impact = await call(ctx, 'tasks.impact', { task: name });
        env.io.stdout(options.json ? `${JSON.stringify({ dryRun: true, impact }, null, 2)}\n` : `Deleting "${name}" would move to the trash:\n${describe(impact)}(dry run: nothing changed)\n`);
        return;
      }
      const result = await call(ctx, 'tasks.delete', { task: name });
      env.io.stdout(options.json ? `${JSON.stringify(result, null, 2)}\n` : `Moved "${name}" to the trash, with:\n${describe(result.impact)}Nothing is lost: accord task restore "${name}" brings it back.\n`);
    }),
  );

  workspaceOption(task.command('trash').description('list the tasks in the trash and what each holds').option('--json', 'print JSON')).action((options: { workspace?: string; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      const trash = await call(ctx, 'tasks.trash', {});
      if (options.json) env.io.stdout(`${JSON.stringify(trash, null, 2)}\n`);
      else env.io.stdout(trash.map((t) => `${t.name}  deleted ${t.trashedAt}${t.trashedBy ? ` by ${t.trashedBy}` : ''}\n${describe(t.impact)}`).join('') || 'no task in the trash\n');
    }),
  );

  workspaceOption(task.command('restore').description('bring a task back from the trash, every label with it').argument('<name>', 'task')).action((name: string, options: { workspace?: string }) =>
    withSession(options.workspace, async (ctx) => {
      await call(ctx, 'tasks.restore', { task: name });
      env.io.stdout(`Restored "${name}".\n`);
    }),
  );

  workspaceOption(
    task.command('purge').description('delete a trashed task for good, after a backup (needs --yes)').argument('<name>', 'task in the trash').option('--yes', 'confirm: delete it for good').option('--json', 'print JSON'),
  ).action((name: string, options: { workspace?: string; yes?: boolean; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      if (!options.yes) {
        const impact = await call(ctx, 'tasks.impact', { task: name });
        throw new CliError(`purging "${name}" deletes for good:\n${describe(impact)}pass --yes to do it (a backup of the workspace is taken first)`);
      }
      const result = await call(ctx, 'tasks.purge', { task: name, confirm: name });
      env.io.stdout(options.json ? `${JSON.stringify(result, null, 2)}\n` : `Deleted "${name}" for good.${result.backup ? ` Backup taken just before: ${result.backup}` : ''}\n`);
    }),
  );
}
