import type { Command } from 'commander';
import type { MergePlan } from '../../api/contract';
import { call } from '../call';
import { sessionRunner, workspaceOption, type CommandEnv } from '../commandEnv';
import { CliError, UsageError } from '../io';
import { printable } from '../../../db/copy/where';
import { counted } from '../../common/numberFormat';

const RULES = ['keep-into', 'keep-from', 'keep-newest'] as const;
type Rule = (typeof RULES)[number];
const ROLES = ['annotator', 'adjudicator', 'lead'] as const;
type Role = (typeof ROLES)[number];

/** What a merge does, in words: the same lines for --dry-run, the refusal and the result. */
function describePlan(plan: MergePlan): string {
  const lines = [
    `${plan.moving} ${plan.moving === 1 ? 'label moves' : 'labels move'} from "${plan.from}" to "${plan.into}"`,
    `${counted(plan.identical, 'label')} both gave alike (the one of "${plan.into}" is kept)`,
    `${counted(plan.submissions, 'submission')}; tasks: ${plan.tasks.join(', ') || 'none'}; ${counted(plan.gold, 'gold decision')} credited to "${plan.into}"`,
  ];
  if (plan.conflicts.length > 0) {
    lines.push(`${plan.conflicts.length} ${plan.conflicts.length === 1 ? 'label differs' : 'labels differ'}:`);
    for (const c of plan.conflicts) lines.push(`  ${c.task} ${c.item}${c.unit ? ` ${c.unit}` : ''} ${c.question}: "${plan.from}" ${c.from.answer} (${c.from.updatedAt}) vs "${plan.into}" ${c.into.answer} (${c.into.updatedAt})`);
  }
  return lines.map((l) => `  ${l}\n`).join('');
}

/**
 * `accord annotators`: list them (active or not), add one with a role (or change a role), rename, deactivate, activate and merge two
 * records of one person. For leads; a merge says what moves and needs --yes (and --conflicts
 * when both records labelled the same question differently).
 */
export function registerAnnotatorsCommand(program: Command, env: CommandEnv): void {
  const annotators = program.command('annotators').description('list, add, rename, deactivate, activate and merge annotators (leads)');
  const withSession = sessionRunner(env);

  workspaceOption(annotators.command('list').description('list the annotators with their role and whether they are active').option('--json', 'print JSON')).action(
    (options: { workspace?: string; json?: boolean }) =>
      withSession(options.workspace, async (ctx) => {
        const list = await call(ctx, 'annotators.list', {});
        if (options.json) {
          env.io.stdout(`${JSON.stringify(list, null, 2)}\n`);
          return;
        }
        const state = (a: (typeof list)[number]) => (a.mergedInto ? `merged into ${a.mergedInto}` : a.active ? 'active' : 'inactive');
        env.io.stdout(list.map((a) => `${a.name}  ${a.role}  ${state(a)}\n`).join('') || 'no annotators yet\n');
      }),
  );

  // The only way to give someone a role outside "Who are you?" (which a team server has not):
  // a team's adjudicators and further leads are added here or in People before their invite.
  workspaceOption(
    annotators
      .command('add')
      .description('add a person with a role (annotator, adjudicator or lead), or change the role of one who exists')
      .argument('<name>', 'the person')
      .option('--role <role>', `${ROLES.join(', ')}`, 'annotator')
      .option('--force', 'even when the name differs from another person’s only by case or spacing'),
  ).action((name: string, options: { workspace?: string; role: string; force?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      if (!ROLES.includes(options.role as Role)) throw new UsageError(`--role must be ${ROLES.join(', ')}, not "${options.role}"`);
      const before = (await call(ctx, 'annotators.list', {})).find((a) => a.name === name.trim());
      const person = await call(ctx, 'annotators.upsert', { name, role: options.role as Role, force: options.force ?? false });
      env.io.stdout(
        !before
          ? `Added "${person.name}" as ${person.role}. Invite them: accord invite create --person ${person.name}${options.workspace ? ` -w ${JSON.stringify(printable(options.workspace))}` : ''}\n`
          : before.role === person.role
            ? `"${person.name}" is already ${person.role}.\n`
            : `"${person.name}" is now ${person.role} (was ${before.role}).\n`,
      );
    }),
  );

  workspaceOption(
    annotators
      .command('rename')
      .description('rename an annotator; their labels, queues and gold follow')
      .argument('<name>', 'annotator')
      .argument('<new-name>', 'new name')
      .option('--force', 'even when the new name differs from another person’s only by case or spacing'),
  ).action((name: string, newName: string, options: { workspace?: string; force?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      await call(ctx, 'annotators.rename', { name, newName, force: options.force ?? false });
      env.io.stdout(`Renamed "${name}" to "${newName}".\n`);
    }),
  );

  for (const [verb, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    workspaceOption(
      annotators
        .command(verb)
        .description(active ? 'let a deactivated annotator act and be assigned again' : 'keep an annotator’s labels but stop them acting or being assigned')
        .argument('<name>', 'annotator'),
    ).action((name: string, options: { workspace?: string }) =>
      withSession(options.workspace, async (ctx) => {
        await call(ctx, active ? 'annotators.activate' : 'annotators.deactivate', { name });
        env.io.stdout(active ? `"${name}" is active again.\n` : `Deactivated "${name}": their labels stay; they can no longer act or be assigned.\n`);
      }),
    );
  }

  workspaceOption(
    annotators
      .command('merge')
      .description('merge two records of one person: <from> moves into <into> (needs --yes)')
      .argument('<from>', 'the record to merge away (kept, inactive, for the label history)')
      .argument('<into>', 'the record that stays')
      .option('--conflicts <rule>', `where both labelled the same question differently: ${RULES.join(', ')}`)
      .option('--dry-run', 'only say what would happen')
      .option('--yes', 'confirm the merge')
      .option('--json', 'print JSON'),
  ).action((from: string, into: string, options: { workspace?: string; conflicts?: string; dryRun?: boolean; yes?: boolean; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      if (options.conflicts !== undefined && !RULES.includes(options.conflicts as Rule)) throw new UsageError(`--conflicts must be ${RULES.join(', ')}, not "${options.conflicts}"`);
      const plan = await call(ctx, 'annotators.mergePlan', { from, into });
      if (options.dryRun || !options.yes) {
        if (options.json && options.dryRun) {
          env.io.stdout(`${JSON.stringify({ dryRun: true, plan }, null, 2)}\n`);
          return;
        }
        const text = `Merging "${from}" into "${into}":\n${describePlan(plan)}`;
        if (options.dryRun) {
          env.io.stdout(`${text}(dry run: nothing changed)\n`);
          return;
        }
        throw new CliError(`${text}pass --yes to merge${plan.conflicts.length > 0 ? `, with --conflicts ${RULES.join('|')}` : ''}`);
      }
      const result = await call(ctx, 'annotators.merge', { from, into, conflicts: options.conflicts as Rule | undefined, confirm: from });
      env.io.stdout(
        options.json
          ? `${JSON.stringify(result, null, 2)}\n`
          : `Merged "${from}" into "${into}":\n${describePlan(result)}${result.conflicts.length > 0 ? `  ${result.tookFrom} of the differing labels took the answer of "${from}" (${result.rule}); every replaced answer stays in the label history\n` : ''}`,
      );
    }),
  );
}
