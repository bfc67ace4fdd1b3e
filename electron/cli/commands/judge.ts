import fs from 'node:fs';
import type { Command } from 'commander';
import type { InputOf, JobProgress, RunSummary } from '../../api/contract';
import { call } from '../call';
import { UsageError } from '../io';
import { progressPrinter } from '../progress';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { describeCalibration, describeComparison, describeRun } from './judgeText';
import { registerJudgeEvidence } from './judgeEvidence';
import { registerJudgeTrashCommands } from './judgeTrash';

/** Exit code when a run finished but some items have no labels (failed or unreadable answers). */
export const EXIT_INCOMPLETE = 2;
/** Exit code of a run cancelled with Ctrl-C (128 + SIGINT), resumable with `--resume`. */
export const EXIT_CANCELLED = 130;

type JudgeArg = InputOf<'judges.run'>['judge'];

/** `--task`: an id when it is a whole number, else a name. */
const taskArg = (value: string) => (/^\d+$/.test(value) ? Number(value) : value);

function wholeNumber(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} must be a whole number ≥ ${min}, not "${text}"`);
  return n;
}

/** `--judge`: a judge file when one exists at that path, else a preset name (judge id or annotation preset). */
function judgeArg(value: string): NonNullable<JudgeArg> {
  if (!fs.existsSync(value)) return { preset: value };
  try {
    return { json: JSON.parse(fs.readFileSync(value, 'utf8')) as unknown };
  } catch (error) {
    throw new UsageError(`${value} is not valid JSON: ${(error as Error).message}`);
  }
}

/** `--header Name=Value`, repeatable. */
function collectHeader(value: string, previous: Record<string, string> = {}): Record<string, string> {
  const at = value.indexOf('=');
  if (at <= 0) throw new UsageError(`--header must look like Name=Value, not "${value}"`);
  return { ...previous, [value.slice(0, at).trim()]: value.slice(at + 1) };
}

/** `--price model=input,output` (per one million tokens), repeatable. */
function collectPrice(value: string, previous: Record<string, { input: number; output: number }> = {}) {
  const match = /^(.+)=([\d.]+),([\d.]+)$/.exec(value);
  if (!match) throw new UsageError(`--price must look like MODEL=INPUT,OUTPUT (prices per 1M tokens), not "${value}"`);
  return { ...previous, [match[1]]: { input: Number(match[2]), output: Number(match[3]) } };
}

const collectRun = (value: string, previous: number[] = []) => [...previous, wholeNumber('--run', value, 1)!];

/** A number between 0 and 1 (0 allowed with `zero`), or undefined when the flag is not given. */
function fraction(flag: string, text: string | undefined, zero = false): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n >= 1 || (zero ? n < 0 : n <= 0)) throw new UsageError(`${flag} must be a number ${zero ? 'from 0' : 'above 0'} and below 1, not "${text}"`);
  return n;
}

interface CalibrateOptions {
  workspace?: string;
  task: string;
  run: string;
  question?: string;
  bootstrap?: string;
  seed?: string;
  epsilon?: string;
  q?: string;
  margin?: string;
  minUnits?: string;
  certifyThreshold?: string;
  targetHalfWidth?: string;
  scoring?: string;
  report?: string;
  out?: string;
  json?: boolean;
}

interface RunOptions {
  workspace?: string;
  task: string;
  judge?: string;
  baseUrl?: string;
  model?: string;
  concurrency?: string;
  timeout?: string;
  attempts?: string;
  cache: boolean;
  header?: Record<string, string>;
  price?: Record<string, { input: number; output: number }>;
  prices?: string;
  resume?: string;
  json?: boolean;
}

function readPrices(file: string | undefined): Record<string, { input: number; output: number }> {
  if (!file) return {};
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { input: number; output: number }>;
  } catch (error) {
    throw new UsageError(`--prices ${file}: ${(error as Error).message}`);
  }
}

export function registerJudgeCommand(program: Command, env: CommandEnv): void {
  const judge = program.command('judge').description('run LLM judges on a task and calibrate them against the annotators');
  registerJudgeEvidence(judge, env);
  registerJudgeTrashCommands(judge, env);

  workspaceOption(
    judge
      .command('run')
      .description('run a judge over a task’s items on an OpenAI-compatible endpoint (API key from OPENAI_API_KEY)')
      .requiredOption('-t, --task <name|id>', 'the task whose items to judge')
      .option('-j, --judge <preset|file>', 'a preset judge (e.g. plan-quality) or a judge JSON file')
      .option('--base-url <url>', 'the endpoint, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1')
      .option('-m, --model <model>', 'the model name the endpoint knows')
      .option('-c, --concurrency <n>', 'requests in flight at once (default 4)')
      .option('--timeout <ms>', 'per-call timeout in milliseconds (default 60000)')
      .option('--attempts <n>', 'attempts per call, retries included (default 5)')
      .option('--no-cache', 'send every request even when an identical one was answered before')
      .option('-H, --header <name=value>', 'an extra request header (repeatable); only its name is stored', collectHeader)
      .option('--price <model=in,out>', 'price per 1M prompt and completion tokens (repeatable)', collectPrice)
      .option('--prices <file>', 'a JSON price table: {"model": {"input": 0.15, "output": 0.6}}')
      .option('--resume <run>', 'resume a cancelled or interrupted run (recorded calls are not sent again)')
      .option('--json', 'print the run summary as JSON on stdout'),
  ).action(async (options: RunOptions) => {
    if (options.resume === undefined && (!options.judge || !options.baseUrl || !options.model)) {
      throw new UsageError('a new run needs --judge, --base-url and --model (or --resume RUN)');
    }
    const progress = progressPrinter(env.io, !options.json);
    const session = await env.openAnywhere(options.workspace, (event, payload) => {
      if (event === 'job.progress') progress.update(payload as JobProgress);
    });
    const jobId = `judge-run-${process.pid}-${Date.now()}`;
    let interrupted = false;
    const onSigint = () => {
      if (interrupted) process.exit(EXIT_CANCELLED);
      interrupted = true;
      env.io.stderr('\ncancelling: waiting for the calls in flight (Ctrl-C again to stop at once)…\n');
      session.ctx.jobs.cancel(jobId);
    };
    process.on('SIGINT', onSigint);
    try {
      const summary = await call(session.ctx, 'judges.run', {
        task: taskArg(options.task),
        judge: options.judge ? judgeArg(options.judge) : undefined,
        baseUrl: options.baseUrl,
        model: options.model,
        headers: options.header ?? {},
        concurrency: wholeNumber('--concurrency', options.concurrency, 1),
        timeoutMs: wholeNumber('--timeout', options.timeout, 10),
        maxAttempts: wholeNumber('--attempts', options.attempts, 1),
        noCache: !options.cache,
        prices: { ...readPrices(options.prices), ...options.price },
        resume: wholeNumber('--resume', options.resume, 1),
        jobId,
      });
      progress.done();
      env.io.stdout(options.json ? `${JSON.stringify(summary, null, 2)}\n` : describeRun(summary));
      env.setExitCode(exitCodeOf(summary));
    } finally {
      process.off('SIGINT', onSigint);
      session.close();
    }
  });

  workspaceOption(
    judge
      .command('preview')
      .description('show the request a judge would send for one item, without sending it')
      .requiredOption('-t, --task <name|id>', 'the task')
      .requiredOption('-j, --judge <preset|file>', 'a preset judge or a judge JSON file')
      .option('-m, --model <model>', 'the model name to put in the request', 'preview')
      .option('--item <id>', 'the item id (default: the task’s first item)')
      .option('--json', 'print the preview as JSON'),
  ).action(async (options: { workspace?: string; task: string; judge: string; model: string; item?: string; json?: boolean }) => {
    const session = await env.openAnywhere(options.workspace);
    try {
      const preview = await call(session.ctx, 'judges.preview', {
        task: taskArg(options.task),
        judge: judgeArg(options.judge),
        model: options.model,
        itemId: wholeNumber('--item', options.item, 1),
      });
      if (options.json) env.io.stdout(`${JSON.stringify(preview, null, 2)}\n`);
      else if (!preview.request) env.io.stdout(`${preview.externalId}: cannot be judged: ${preview.error}\n`);
      else {
        env.io.stdout(`# ${preview.judge.id} (version ${preview.judge.version}) on ${preview.externalId}${preview.unit ? ` ${preview.unit}` : ''} — ${preview.requestsNeeded} request(s) for the task\n\n`);
        for (const m of preview.request.messages) env.io.stdout(`## ${m.role}\n\n${m.content}\n\n`);
      }
    } finally {
      session.close();
    }
  });

  workspaceOption(
    judge
      .command('runs')
      .description('list judge runs')
      .option('-t, --task <name|id>', 'only the runs of this task')
      .option('--json', 'print JSON'),
  ).action(async (options: { workspace?: string; task?: string; json?: boolean }) => {
    const session = await env.openAnywhere(options.workspace);
    try {
      const runs = await call(session.ctx, 'judges.runs', { task: options.task === undefined ? undefined : taskArg(options.task) });
      if (options.json) env.io.stdout(`${JSON.stringify(runs, null, 2)}\n`);
      else if (runs.length === 0) env.io.stdout('no judge runs yet\n');
      else for (const run of runs) env.io.stdout(describeRun(run));
    } finally {
      session.close();
    }
  });

  workspaceOption(
    judge
      .command('calibrate')
      .description('put a judge run beside the annotators and gold: κ with intervals, verdict, confusion, per-class F1')
      .requiredOption('-t, --task <name|id>', 'the task')
      .requiredOption('-r, --run <run>', 'the judge run')
      .option('-q, --question <id>', 'only this question')
      .option('--bootstrap <n>', 'percentile bootstrap resamples for the κ intervals (default 0: normal intervals only)')
      .option('--seed <n>', 'bootstrap seed (default 1)')
      .option('--epsilon <ε>', 'the alternative annotator test’s margin, three or more annotators (default 0.1)')
      .option('--q <q>', 'its Benjamini–Yekutieli false discovery rate (default 0.05)')
      .option('--scoring <accuracy|neg-rmse>', 'its scoring function: accuracy (answers equal) or neg-rmse (scale values; ordered questions only, the others keep accuracy); default neg-rmse on ordinal questions, accuracy on the others')
      .option('--margin <m>', 'the non-inferiority margin on κ, two annotators (default 0.05)')
      .option('--min-units <n>', 'fewest units (per tested annotator with three or more) for any verdict but "not enough evidence" (default 30)')
      .option('--certify-threshold <t>', 'lower bound TPR and TNR must reach to certify the judge (default 0.8)')
      .option('--target-half-width <h>', 'half-width of the corrected pass rate the label budget aims at (default 0.05)')
      .option('--report <md|html>', 'write the whole calibration as a Markdown or HTML report (to --out, else stdout)')
      .option('-o, --out <file>', 'where --report writes')
      .option('--json', 'print the calibration report as JSON'),
  ).action(async (options: CalibrateOptions) => {
    if (options.report !== undefined && options.report !== 'md' && options.report !== 'html') throw new UsageError(`--report must be md or html, not "${options.report}"`);
    if (options.scoring !== undefined && options.scoring !== 'accuracy' && options.scoring !== 'neg-rmse') throw new UsageError(`--scoring must be accuracy or neg-rmse, not "${options.scoring}"`);
    const session = await env.openAnywhere(options.workspace);
    try {
      const report = await call(session.ctx, 'judges.calibrate', {
        scoring: options.scoring as 'accuracy' | 'neg-rmse' | undefined,
        task: taskArg(options.task),
        run: wholeNumber('--run', options.run, 1)!,
        question: options.question,
        bootstrap: wholeNumber('--bootstrap', options.bootstrap, 0),
        seed: wholeNumber('--seed', options.seed, 0),
        epsilon: fraction('--epsilon', options.epsilon, true),
        q: fraction('--q', options.q),
        margin: fraction('--margin', options.margin, true),
        minUnits: wholeNumber('--min-units', options.minUnits, 2),
        certifyThreshold: fraction('--certify-threshold', options.certifyThreshold),
        targetHalfWidth: fraction('--target-half-width', options.targetHalfWidth),
      });
      if (options.report !== undefined) {
        const { calibrationHtml, calibrationMarkdown } = await import('../../services/judges/report/calibrationReport');
        const text = options.report === 'html' ? calibrationHtml(report) : calibrationMarkdown(report);
        if (options.out) {
          fs.writeFileSync(options.out, text);
          env.io.stdout(`wrote ${options.out} (${options.report === 'html' ? 'HTML' : 'Markdown'} calibration report of run ${report.run})\n`);
        } else env.io.raw.stdout(text);
        return;
      }
      env.io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : describeCalibration(report));
    } finally {
      session.close();
    }
  });

  workspaceOption(
    judge
      .command('compare')
      .description('compare two judge runs of a task: fixed / regressed against gold, and systems ranked by both (Spearman)')
      .requiredOption('-r, --run <run>', 'a run (give two: --run A --run B)', collectRun)
      .option('-q, --question <id>', 'only this question')
      .option('--by <field>', 'the metadata field that names a system (default model)', 'model')
      .option('--json', 'print the comparison as JSON'),
  ).action(async (options: { workspace?: string; run: number[]; question?: string; by: string; json?: boolean }) => {
    if (options.run.length !== 2) throw new UsageError(`give exactly two runs: --run A --run B (got ${options.run.length})`);
    const session = await env.openAnywhere(options.workspace);
    try {
      const comparison = await call(session.ctx, 'judges.compare', { runA: options.run[0], runB: options.run[1], question: options.question, by: options.by });
      env.io.stdout(options.json ? `${JSON.stringify(comparison, null, 2)}\n` : describeComparison(comparison));
    } finally {
      session.close();
    }
  });

  workspaceOption(
    judge
      .command('export')
      .description('write a judge as JSON (a preset, or the judge of a run) to edit and run with --judge FILE')
      .option('-j, --judge <preset>', 'a preset judge')
      .option('-r, --run <run>', 'the judge of this run')
      .option('-o, --out <file>', 'write to this file instead of stdout'),
  ).action(async (options: { workspace?: string; judge?: string; run?: string; out?: string }) => {
    if ((options.judge === undefined) === (options.run === undefined)) throw new UsageError('give either --judge PRESET or --run RUN');
    // A preset needs no workspace: writing one out never creates the default workspace file.
    const session = options.judge !== undefined ? env.open(options.workspace, undefined, { readOnly: true }) : await env.openAnywhere(options.workspace);
    try {
      const source = options.judge !== undefined ? { preset: options.judge } : { run: wholeNumber('--run', options.run, 1)! };
      const { text } = await call(session.ctx, 'judges.export', { judge: source });
      if (options.out) {
        fs.writeFileSync(options.out, text);
        // Said as other commands that write a file say it (the JSON went to the file, so stdout is free).
        const judge = JSON.parse(text) as { id?: string };
        env.io.stdout(`wrote ${options.out} (judge ${judge.id ?? '?'}${options.run !== undefined ? ` of run ${options.run}` : ''})\n`);
      } else env.io.raw.stdout(text);
    } finally {
      session.close();
    }
  });
}

function exitCodeOf(run: RunSummary): number {
  if (run.status === 'cancelled') return EXIT_CANCELLED;
  if (run.status === 'failed') return 1;
  return run.failed + run.invalid > 0 ? EXIT_INCOMPLETE : 0;
}
