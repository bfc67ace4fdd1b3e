import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { AltTestResult } from '../../api/contract';
import { call } from '../call';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { UsageError } from '../io';
import { describeAltTest, describeProbes } from './judgeEvidenceText';
import { describeRun } from './judgeText';

const taskArg = (value: string) => (/^\d+$/.test(value) ? Number(value) : value);

function number(flag: string, text: string | undefined, check: (n: number) => boolean, what: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || !check(n)) throw new UsageError(`${flag} must be ${what}, not "${text}"`);
  return n;
}

function readText(flag: string, file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}

interface AltTestOptions {
  workspace?: string;
  humans?: string;
  judge?: string;
  task?: string;
  run?: string;
  question?: string;
  epsilon: string;
  scoring?: string;
  q: string;
  minRatersPerItem: string;
  minItemsPerRater: string;
  json?: boolean;
}

/** `accord judge alt-test` and `accord judge import`, under `accord judge`. */
export function registerJudgeEvidence(judge: Command, env: CommandEnv): void {
  workspaceOption(
    judge
      .command('alt-test')
      .description('the alternative annotator test: can the judge replace an annotator? (Calderon, Reichart & Dror 2025), on CSV files or a task’s run')
      .option('--humans <file.csv>', 'human labels, CSV unit,rater,value')
      .option('--judge <file.csv>', 'the judge’s labels, CSV unit,value')
      .option('-t, --task <name|id>', 'a task (with --run and --question) instead of files')
      .option('-r, --run <run>', 'the judge run')
      .option('-q, --question <id>', 'the question')
      .requiredOption('--epsilon <ε>', 'the cost-benefit margin (the authors suggest 0.2 for experts, 0.15 skilled annotators, 0.1 crowd workers)')
      .option('--scoring <accuracy|neg-rmse>', 'accuracy (answers equal) or neg-rmse (numbers); with a task, neg-rmse for ordinal and score questions by default')
      .option('--q <q>', 'Benjamini–Yekutieli false discovery rate', '0.05')
      .option('--min-raters-per-item <n>', 'keep items with at least this many human labels', '2')
      .option('--min-items-per-rater <n>', 'test annotators with at least this many kept items', '30')
      .option('--json', 'print JSON'),
  ).action(async (options: AltTestOptions) => {
    const files = options.humans !== undefined || options.judge !== undefined;
    if (files === (options.task !== undefined)) throw new UsageError('give either --humans H.csv --judge J.csv, or --task T --run R --question Q');
    const epsilon = number('--epsilon', options.epsilon, (n) => n >= 0 && n <= 1, 'a number from 0 to 1')!;
    const q = number('--q', options.q, (n) => n > 0 && n < 1, 'a number between 0 and 1')!;
    const whole = (n: number) => Number.isInteger(n) && n >= 2;
    const minRatersPerItem = number('--min-raters-per-item', options.minRatersPerItem, whole, 'a whole number ≥ 2')!;
    const minItemsPerRater = number('--min-items-per-rater', options.minItemsPerRater, whole, 'a whole number ≥ 2')!;
    if (options.scoring !== undefined && options.scoring !== 'accuracy' && options.scoring !== 'neg-rmse') throw new UsageError(`--scoring must be accuracy or neg-rmse, not "${options.scoring}"`);
    const scoring = options.scoring as 'accuracy' | 'neg-rmse' | undefined;
    const settings = { epsilon, q, minRatersPerItem, minItemsPerRater };

    if (files) {
      if (options.humans === undefined || options.judge === undefined) throw new UsageError('give both --humans H.csv and --judge J.csv');
      if (scoring === undefined) throw new UsageError('with files, say how to score: --scoring accuracy or --scoring neg-rmse');
      const { altTest } = await import('../../core/judges/calibration/altTest');
      const { parseAltTestHumans, parseAltTestJudge } = await import('../../core/judges/calibration/altTestCsv');
      const { RatingsInputError } = await import('../../core/stats');
      const parse = <T>(flag: string, file: string, read: (text: string) => T): T => {
        try {
          return read(readText(flag, file));
        } catch (error) {
          if (error instanceof RatingsInputError) throw new UsageError(`${error.line === undefined ? file : `${file}:${error.line}`}: ${error.message.replace(/^line \d+: /, '')}`);
          throw error;
        }
      };
      const humans = parse('--humans', options.humans, (t) => parseAltTestHumans(t, scoring));
      const judgeLabels = parse('--judge', options.judge, (t) => parseAltTestJudge(t, scoring));
      const result: AltTestResult = altTest({ humans, judge: judgeLabels, scoring, ...settings });
      env.io.stdout(options.json ? `${JSON.stringify(result, null, 2)}\n` : describeAltTest(result, `${path.basename(options.judge)} against ${path.basename(options.humans)}`));
      return;
    }
    if (options.run === undefined || options.question === undefined) throw new UsageError('with --task, give --run R and --question Q');
    const run = number('--run', options.run, (n) => Number.isInteger(n) && n >= 1, 'a whole number ≥ 1')!;
    const session = await env.openAnywhere(options.workspace);
    try {
      const report = await call(session.ctx, 'judges.altTest', { task: taskArg(options.task!), run, question: options.question, scoring, ...settings });
      if (options.json) env.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      else {
        for (const r of report.results) {
          env.io.stdout(describeAltTest(r.result, `run ${report.run} (${report.judge}) on "${report.question}"${r.tag ? ` — tag ${r.tag}` : ''}, task "${report.task}"`));
        }
      }
    } finally {
      session.close();
    }
  });

  workspaceOption(
    judge
      .command('probes')
      .description('stability and bias probes: flip rate and κ across runs on the same items (reruns, or a reworded prompt), score vs response length, each run’s cost')
      .requiredOption('-t, --task <name|id>', 'the task')
      .requiredOption('-r, --run <run>', 'a run (repeat: --run A --run B … for reruns of the judge)', (v: string, previous: string[] = []) => [...previous, v])
      .requiredOption('-q, --question <id>', 'the question')
      .option('--bootstrap <n>', 'resamples of κ’s percentile interval', '1000')
      .option('--seed <n>', 'bootstrap seed', '1')
      .option('--json', 'print JSON'),
  ).action(async (options: { workspace?: string; task: string; run: string[]; question: string; bootstrap: string; seed: string; json?: boolean }) => {
    const whole = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
    const runs = options.run.map((r) => number('--run', r, whole(1), 'a whole number ≥ 1')!);
    const resamples = number('--bootstrap', options.bootstrap, whole(0), 'a whole number ≥ 0')!;
    const seed = number('--seed', options.seed, whole(0), 'a whole number ≥ 0')!;
    const session = await env.openAnywhere(options.workspace);
    try {
      const probes = await call(session.ctx, 'judges.probes', { task: taskArg(options.task), runs, question: options.question, resamples, seed });
      env.io.stdout(options.json ? `${JSON.stringify(probes, null, 2)}\n` : describeProbes(probes));
    } finally {
      session.close();
    }
  });

  workspaceOption(
    judge
      .command('import')
      .description('bring in labels an LLM produced elsewhere as a judge run (CSV unit,value[,rationale][,question] or JSONL), for calibration and the alt-test')
      .argument('<file>', 'the labels: unit is ITEM or ITEM|UNIT (e.g. pq-003|step:2)')
      .requiredOption('-t, --task <name|id>', 'the task the labels answer')
      .requiredOption('-n, --name <name>', 'a name for the judge (letters, digits, . _ -)')
      .option('-q, --question <id>', 'the question, when the file has no question column and the task asks several')
      .option('--format <csv|jsonl>', 'the file’s format (default: from its extension)')
      .option('--json', 'print the run as JSON'),
  ).action(async (file: string, options: { workspace?: string; task: string; name: string; question?: string; format?: string; json?: boolean }) => {
    if (options.format !== undefined && options.format !== 'csv' && options.format !== 'jsonl') throw new UsageError(`--format must be csv or jsonl, not "${options.format}"`);
    const text = readText('import', file);
    const session = await env.openAnywhere(options.workspace);
    try {
      const run = await call(session.ctx, 'judges.importLabels', {
        task: taskArg(options.task),
        name: options.name,
        text,
        fileName: path.basename(file),
        format: options.format as 'csv' | 'jsonl' | undefined,
        question: options.question,
      });
      env.io.stdout(options.json ? `${JSON.stringify(run, null, 2)}\n` : describeRun(run));
    } finally {
      session.close();
    }
  });
}
