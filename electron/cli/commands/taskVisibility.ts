import type { Command } from 'commander';
import { call } from '../call';
import { sessionRunner, workspaceOption, type CommandEnv } from '../commandEnv';
import { UsageError } from '../io';

/**
 * `accord task discussion NAME --open|--close` and `accord task scores NAME --hide|--show`
 * (issue 13): what a blind task's annotators may see. For leads.
 */
export function registerTaskVisibility(task: Command, env: CommandEnv): void {
  const withSession = sessionRunner(env);
  const oneOf = (flags: Record<string, boolean | undefined>): string => {
    const given = Object.keys(flags).filter((f) => flags[f]);
    if (given.length !== 1) throw new UsageError(`give one of ${Object.keys(flags).map((f) => `--${f}`).join(' or ')}`);
    return given[0];
  };

  workspaceOption(
    task
      .command('discussion')
      .description("open a blind task for discussion (its annotators see each other's labels on the items they submitted; changes are kept as revisions beside the originals), or close it")
      .argument('<name>', 'task')
      .option('--open', 'open the task for discussion')
      .option('--close', 'close the discussion: the others are hidden again'),
  ).action((name: string, options: { workspace?: string; open?: boolean; close?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      const open = oneOf({ open: options.open, close: options.close }) === 'open';
      const result = await call(ctx, 'tasks.setDiscussion', { task: name, open });
      env.io.stdout(
        open
          ? `"${result.name}" is open for discussion: ${result.annotators.join(', ') || 'its annotators'} see each other's labels, rationales and judge answers on the items they submitted. A change made now is kept as a revision beside the original; agreement stays on the originals.\n`
          : `"${result.name}" is blind again: its annotators see nobody else's labels.\n`,
      );
    }),
  );

  workspaceOption(
    task
      .command('scores')
      .description('hide automatic scores (reference F1 and tiers, validator verdicts, rewards from the source) from the task’s annotators while they label (the default), or show them')
      .argument('<name>', 'task')
      .option('--hide', 'hide them while labeling')
      .option('--show', 'show them to the annotators'),
  ).action((name: string, options: { workspace?: string; hide?: boolean; show?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      const hidden = oneOf({ hide: options.hide, show: options.show }) === 'hide';
      const result = await call(ctx, 'tasks.setScoresHidden', { task: name, hidden });
      env.io.stdout(`"${result.name}": automatic scores are ${hidden ? 'hidden from its annotators while they label' : 'shown to its annotators'}.\n`);
    }),
  );
}
