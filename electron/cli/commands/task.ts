import fs from 'node:fs';
import type { Command } from 'commander';
import type { TaskDetail } from '../../api/contract';
import { call } from '../call';
import { UsageError } from '../io';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { registerTaskLifecycle } from './taskLifecycle';
import { registerTaskVisibility } from './taskVisibility';
import { counted } from '../../common/numberFormat';

interface CreateOptions {
  workspace?: string;
  name: string;
  schema: string;
  dataset: string[];
  annotators?: string;
  perItem?: string;
  overlap?: string;
  seed?: string;
  blind: boolean;
  showScores?: boolean;
  force?: boolean;
  json?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];

function wholeNumber(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} must be a whole number ≥ ${min}, not "${text}"`);
  return n;
}

/** `--schema`: a preset name, else a schema JSON file. */
async function schemaArg(value: string, presets: string[]): Promise<{ preset: string } | { json: unknown }> {
  if (presets.includes(value)) return { preset: value };
  let text: string;
  try {
    text = await fs.promises.readFile(value, 'utf8');
  } catch {
    throw new UsageError(`unknown schema "${value}": not a preset (${presets.join(', ')}) and no such file`);
  }
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (error) {
    throw new UsageError(`${value} is not valid JSON: ${(error as Error).message}`);
  }
}

function describeTask(task: TaskDetail): string {
  const sharing = task.overlap === 'all' ? 'everyone labels every item' : `${task.perItem} annotators per item`;
  return (
    `Created task "${task.name}": ${counted(task.itemCount, 'item')}, schema ${task.schemaId} v${task.schemaVersion}, ` +
    `annotators ${task.annotators.join(', ') || 'none yet'} (${sharing}), seed ${task.seed}, ${task.blind ? 'blind' : 'not blind'}\n`
  );
}

function taskJson(task: TaskDetail) {
  return {
    id: task.id,
    name: task.name,
    schema: { id: task.schemaId, version: task.schemaVersion },
    items: task.itemCount,
    annotators: task.annotators,
    overlap: task.overlap,
    perItem: task.perItem,
    seed: task.seed,
    blind: task.blind,
    state: task.state,
    progress: task.progress.map((p) => ({ annotator: p.name, assigned: p.assigned, submitted: p.submitted })),
  };
}

export function registerTaskCommand(program: Command, env: CommandEnv): void {
  const task = program.command('task').alias('tasks').description('create, list, archive, delete and restore annotation tasks');
  workspaceOption(
    task
      .command('create')
      .description('apply a label schema to the items of one or more datasets')
      .requiredOption('-n, --name <name>', 'task name')
      .requiredOption('-s, --schema <preset|file>', 'a preset name (e.g. plan-quality) or a schema JSON file')
      .requiredOption('-d, --dataset <names>', 'dataset(s) whose items to label (repeat, or separate with commas)', collect)
      .option('-a, --annotators <names>', 'annotators, comma-separated (created if new)')
      .option('--per-item <n>', 'annotators per item; giving it makes the overlap fixed (default 2)')
      .option('--overlap <mode>', 'all: everyone labels everything; fixed: --per-item annotators per item')
      .option('--seed <n>', 'seed of the queue order (default: random, recorded)')
      .option('--no-blind', 'show other raters’ labels before an annotator submits')
      .option('--show-scores', 'show automatic scores (reference F1 and tiers, validator verdicts, rewards) to the annotators while they label')
      .option('--force', 'create annotators even when a name differs from an existing one only by case or spacing')
      .option('--json', 'print the task as JSON'),
  ).action(async (options: CreateOptions) => {
    const perItem = wholeNumber('--per-item', options.perItem, 1);
    const seed = wholeNumber('--seed', options.seed, 0);
    if (options.overlap !== undefined && options.overlap !== 'all' && options.overlap !== 'fixed') {
      throw new UsageError(`--overlap must be all or fixed, not "${options.overlap}"`);
    }
    const overlap = (options.overlap ?? (perItem !== undefined ? 'fixed' : 'all')) as 'all' | 'fixed';
    const session = await env.openAnywhere(options.workspace);
    try {
      const presets = (await call(session.ctx, 'schemas.presets', {})).map((p) => p.name);
      const created = await call(session.ctx, 'tasks.create', {
        name: options.name,
        schema: await schemaArg(options.schema, presets),
        datasets: options.dataset,
        annotators: collect(options.annotators ?? ''),
        overlap,
        perItem: perItem ?? 2,
        seed,
        blind: options.blind,
        hideScores: !options.showScores,
        force: options.force ?? false,
      });
      env.io.stdout(options.json ? `${JSON.stringify(taskJson(created), null, 2)}\n` : describeTask(created));
    } finally {
      session.close();
    }
  });
  workspaceOption(task.command('list').description('list tasks with their progress').option('--json', 'print a JSON array')).action(
    async (options: { workspace?: string; json?: boolean }) => {
      const session = await env.openAnywhere(options.workspace);
      try {
        const tasks = await Promise.all((await call(session.ctx, 'tasks.list', {})).map((t) => call(session.ctx, 'tasks.get', { task: t.id })));
        if (options.json) {
          env.io.stdout(`${JSON.stringify(tasks.map(taskJson), null, 2)}\n`);
          return;
        }
        for (const t of tasks) {
          const progress = t.progress.map((p) => `${p.name} ${p.submitted}/${p.assigned}`).join(', ');
          env.io.stdout(`${t.name}${t.state === 'archived' ? ' (archived)' : ''}  ${t.schemaId} v${t.schemaVersion}  ${t.itemCount} items  ${progress || 'no annotators'}\n`);
        }
        if (tasks.length === 0) env.io.stdout('no tasks yet (create one with `accord task create`)\n');
      } finally {
        session.close();
      }
    },
  );
  registerTaskLifecycle(task, env);
  registerTaskVisibility(task, env);
}
