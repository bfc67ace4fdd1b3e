import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { ItemFilter, JobProgress, ReportFormat } from '../../api/contract';
import { exactNumberValue } from '../../core/formats/exactNumbers';
import type { QuestionType } from '../../core/stats';
import { call } from '../call';
import { readInputFile } from '../inputFile';
import { UsageError } from '../io';
import { progressPrinter } from '../progress';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { raterList } from '../../common/raterList';

interface AgreementOptions {
  ratings?: string;
  levels?: string;
  type?: string;
  task?: string;
  question?: string;
  report?: string;
  out?: string;
  includeJudges?: boolean;
  labels?: string;
  raters?: string;
  dataset?: string;
  metadata?: string[];
  bootstrap?: string;
  seed?: string;
  gwetVariance?: string;
  alphaThreshold?: string;
  weights?: string;
  pairs?: boolean;
  json?: boolean;
  workspace?: string;
}

/** The text reports, loaded when one is printed: their number formats (Intl) take ~15 ms to set up. */
const textReports = () => import('./agreementText');

const TYPES: readonly QuestionType[] = ['binary', 'nominal', 'ordinal', 'interval'];
/**
 * The report formats of `agreement.export`, spelt out (a record, so the type check keeps it equal
 * to the contract's ReportFormat) rather than imported with the API's schemas, which `--help`
 * should not have to load.
 */
const REPORT_FORMATS = Object.keys({ html: true, md: true, csv: true, json: true, latex: true } satisfies Record<ReportFormat, true>) as ReportFormat[];
const GWET_VARIANCES = ['gwet2008', 'irrcac-raw'] as const;
const collect = (value: string, previous: string[] = []) => [...previous, value];

function wholeNumber(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number ≥ 0, not "${text}"`);
  return n;
}

export function registerAgreementCommand(program: Command, env: CommandEnv): void {
  workspaceOption(
    program
      .command('agreement')
      .description('inter-annotator agreement of a ratings CSV (unit,rater,value) or of a task in the workspace')
      .option('-r, --ratings <file.csv>', 'a CSV with columns unit, rater, value (an empty value is a missing rating)')
      .option('--levels <L1,L2,…>', 'the category universe in scale order, optionally name=value (default: the values seen, with a warning)')
      .option('--type <type>', `how the levels relate: ${TYPES.join(', ')} (default nominal)`)
      .option('-t, --task <name|id>', 'a task of the workspace')
      .option('-q, --question <id>', 'only this question of the task')
      .option('--report <format>', `write the report as ${REPORT_FORMATS.join(', ')} (with --task; latex also with --ratings)`)
      .option('-o, --out <file>', 'where --report writes (default: standard output); latex writes FILE.bib beside it')
      .option('--include-judges', 'compare the LLM judge runs’ labels too (with --task)')
      .option('--labels <which>', 'labels revised after discussion: original (default; the revised figure beside) or revised (with --task)')
      .option('--raters <names>', 'only these raters, comma-separated (with --task)')
      .option('-d, --dataset <name>', 'only the task items of this dataset (with --task)')
      .option('-m, --metadata <key=value>', 'only task items whose metadata field has this value; repeat for more (with --task)', collect)
      .option('--bootstrap <n>', 'bootstrap resamples over units (0 = none)', '1000')
      .option('--seed <s>', 'seed of the bootstrap', '1')
      .option('--gwet-variance <form>', `variance of Gwet's AC1/AC2: gwet2008 (as published for the design, default) or irrcac-raw (linearised everywhere)`)
      .option('--alpha-threshold <t>', 'report P(α < t) over the bootstrap (default 0.8)')
      .option('--weights <file.csv>', 'a custom k × k agreement-weight matrix for weighted κ and AC2 (with --ratings; rows in level order, 1 on the diagonal)')
      .option('--pairs', 'with --ratings and more than 10 raters: list every pair instead of their summary')
      .option('--json', 'print JSON: the statistics report (--ratings) or the report document (--task)'),
  ).action(async (options: AgreementOptions) => {
    if ((options.ratings === undefined) === (options.task === undefined)) throw new UsageError('give either --ratings FILE.csv or --task NAME');
    const bootstrap = wholeNumber('--bootstrap', options.bootstrap, 1000);
    const seed = wholeNumber('--seed', options.seed, 1);
    if (options.gwetVariance !== undefined && !(GWET_VARIANCES as readonly string[]).includes(options.gwetVariance)) {
      throw new UsageError(`--gwet-variance must be one of ${GWET_VARIANCES.join(', ')}, not "${options.gwetVariance}"`);
    }
    if (options.alphaThreshold !== undefined && !(Math.abs(Number(options.alphaThreshold)) <= 1)) {
      throw new UsageError(`--alpha-threshold must be a number within [−1, 1], not "${options.alphaThreshold}"`);
    }
    if (options.ratings !== undefined) {
      for (const flag of ['question', 'includeJudges', 'labels', 'raters', 'dataset', 'metadata'] as const) {
        if (options[flag] !== undefined) throw new UsageError(`--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} applies to --task, not --ratings`);
      }
      if (options.report !== undefined && options.report !== 'latex') throw new UsageError('with --ratings, --report takes latex only (the other formats describe a task)');
      if (options.out !== undefined && options.report === undefined) throw new UsageError('--out needs --report FORMAT');
      await ratingsAgreement(env, options.ratings, options, bootstrap, seed);
      return;
    }
    if (options.weights !== undefined) throw new UsageError('--weights applies to --ratings; a task weighs by its levels’ values');
    if (options.levels !== undefined || options.type !== undefined) throw new UsageError('--levels and --type apply to --ratings; a task takes them from its label schema');
    await taskAgreementCommand(env, options, bootstrap, seed);
  });
}

/** `--ratings`: the statistics engine on a CSV, no workspace involved (loaded here, not at start-up). */
async function ratingsAgreement(env: CommandEnv, file: string, options: AgreementOptions, bootstrap: number, seed: number): Promise<void> {
  const type = (options.type ?? 'nominal') as QuestionType;
  if (!TYPES.includes(type)) throw new UsageError(`--type must be one of ${TYPES.join(', ')}, not "${options.type}"`);
  const text = await readInputFile(file);
  const { agreementReport, buildRatingTable, manyRaterSummary, MANY_RATERS, parseLevelsSpec, parseRatingsCsv, RatingsInputError } = await import('../../core/stats');
  const { statisticLines } = await import('../../services/agreement/statisticLines');
  let report;
  let table;
  try {
    const levels = options.levels === undefined ? undefined : parseLevelsSpec(options.levels);
    table = buildRatingTable(parseRatingsCsv(text), { levels });
    const customWeights = options.weights === undefined ? undefined : await readWeights(options.weights);
    report = agreementReport(table, {
      type,
      bootstrap,
      seed,
      gwetVariance: options.gwetVariance as 'gwet2008' | 'irrcac-raw' | undefined,
      alphaThreshold: options.alphaThreshold === undefined ? undefined : Number(options.alphaThreshold),
      ...(customWeights ? { customWeights, ac2Weights: 'custom' as const } : {}),
    });
  } catch (error) {
    if (error instanceof RatingsInputError) {
      const where = error.line === undefined ? file : `${file}:${error.line}`;
      throw new UsageError(`${where}: ${error.message.replace(/^line \d+: /, '')}`);
    }
    throw error;
  }
  if (options.report === 'latex') {
    const { latexReport } = await import('../../services/agreement/report/latexReport');
    const { ACCORD_VERSION } = await import('../../services/agreement/methods');
    const name = path.basename(file);
    const { tex, bib } = latexReport({
      title: `Inter-rater agreement: ${name}`,
      source: `the ratings in ${name} (${report.units} units, raters ${raterList(report.raters, { namedIn: name })})`,
      questions: [
        {
          id: name,
          title: name,
          kind: `${type}, ${report.categories.length} ${type === 'nominal' ? 'categories' : 'levels'}`,
          lines: statisticLines(report),
          units: report.pairableUnits,
          raters: report.raters.length,
          warnings: report.warnings.map((w) => w.message),
        },
      ],
      bootstrap: { resamples: bootstrap, seed },
      gwetVariance: report.conventions.gwetVariance,
      alphaThreshold: report.bootstrap.alphaThreshold ?? 0.8,
      missing: 'An empty value is a missing rating: it is left out of that rater’s ratings; agreement is measured on the units with two or more ratings; the intraclass correlations and Kendall’s W use the units every rater rated.',
      version: ACCORD_VERSION,
      computedAt: new Date().toISOString(),
    });
    writeLatex(env, options.out, tex, bib);
    return;
  }
  // Many raters: a summary of the pairs (their κ quartiles, each rater against the others' majority, who stands out) instead of every pair.
  const summary = table.raters.length > MANY_RATERS ? manyRaterSummary(table, report.pairs, type === 'binary' ? 'nominal' : type) : null;
  if (options.json) {
    env.io.stdout(`${JSON.stringify(summary ? { ...report, manyRaters: summary } : report, null, 2)}\n`);
    return;
  }
  env.io.stdout((await textReports()).describeRatingsReport(file, report, statisticLines(report), { summary, pairs: options.pairs ?? false }));
}

/** Writes the .tex to --out with its .bib beside it, or the .tex to standard output. */
function writeLatex(env: CommandEnv, out: string | undefined, tex: string, bib: string): void {
  if (out === undefined) {
    env.io.raw.stdout(tex);
    return;
  }
  const bibFile = out.replace(/\.tex$/i, '') + '.bib';
  fs.writeFileSync(out, tex);
  fs.writeFileSync(bibFile, bib);
  env.io.stdout(`wrote ${out} (latex) and ${bibFile}\n`);
}

/** A custom agreement-weight matrix from a CSV file: one row per level, numbers separated by commas. */
async function readWeights(file: string): Promise<number[][]> {
  const text = await readInputFile(file);
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line, i) =>
      line.split(/[,;\s]+/).map((cell) => {
        const x = Number(cell);
        if (cell === '' || !Number.isFinite(x)) throw new UsageError(`${file}:${i + 1}: "${cell}" is not a number`);
        return x;
      }),
    );
}

/** `--task`: the agreement service on a workspace task. */
async function taskAgreementCommand(env: CommandEnv, options: AgreementOptions, bootstrap: number, seed: number): Promise<void> {
  const format = options.report as ReportFormat | undefined;
  if (format !== undefined && !REPORT_FORMATS.includes(format)) throw new UsageError(`--report must be one of ${REPORT_FORMATS.join(', ')}, not "${options.report}"`);
  if (options.out !== undefined && format === undefined) throw new UsageError('--out needs --report FORMAT');
  const quiet = Boolean(options.json) || (format !== undefined && options.out === undefined);
  const progress = progressPrinter(env.io, !quiet);
  const session = await env.openAnywhere(options.workspace, (event, payload) => {
    if (event === 'job.progress') progress.update(payload as JobProgress);
  });
  try {
    const task = /^\d+$/.test(options.task as string) ? Number(options.task) : (options.task as string);
    const filter: ItemFilter = { metadata: metadataFilter(options.metadata ?? []) };
    if (options.dataset !== undefined) {
      const dataset = (await call(session.ctx, 'datasets.list', {})).find((d) => d.name === options.dataset);
      if (!dataset) throw new UsageError(`no dataset named "${options.dataset}"`);
      filter.datasetId = dataset.id;
    }
    const raters = options.raters?.split(',').map((r) => r.trim()).filter(Boolean);
    const args = {
      task,
      filter,
      includeJudges: Boolean(options.includeJudges),
      ...(options.labels !== undefined ? { labels: labelsArg(options.labels) } : {}),
      raters,
      bootstrap,
      seed,
      ...(options.gwetVariance ? { gwetVariance: options.gwetVariance as 'gwet2008' | 'irrcac-raw' } : {}),
      ...(options.alphaThreshold !== undefined ? { alphaThreshold: Number(options.alphaThreshold) } : {}),
    };
    const questions = options.question === undefined ? undefined : [options.question];
    if (format !== undefined || options.json) {
      const exported = await call(session.ctx, 'agreement.export', { ...args, format: format ?? 'json', questions });
      progress.done();
      if (options.out !== undefined && exported.format === 'latex') {
        writeLatex(env, options.out, exported.content, exported.extraFiles?.[0]?.content ?? '');
      } else if (options.out !== undefined) {
        fs.writeFileSync(options.out, exported.content);
        env.io.stdout(`wrote ${options.out} (${exported.format})\n`);
      } else {
        // Exported content, byte for byte: not escaped as messages are.
        env.io.raw.stdout(exported.content.endsWith('\n') ? exported.content : `${exported.content}\n`);
      }
      return;
    }
    if (options.question !== undefined) {
      const detail = await call(session.ctx, 'agreement.question', { ...args, question: options.question, maxDisagreements: 20 });
      progress.done();
      env.io.stdout((await textReports()).describeQuestionAgreement(detail));
      return;
    }
    const summary = await call(session.ctx, 'agreement.summary', args);
    progress.done();
    env.io.stdout((await textReports()).describeTaskAgreement(summary));
  } finally {
    session.close();
  }
}

/** `--metadata key=value` flags as the item filter's metadata (numbers and true/false typed). */
function metadataFilter(pairs: readonly string[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--metadata must be key=value, not "${pair}"`);
    const raw = pair.slice(eq + 1);
    // An integer beyond 2^53 stays its digits, as the importer stores it (exactNumbers.ts); Number() would round it.
    out[pair.slice(0, eq)] = raw === 'true' ? true : raw === 'false' ? false : raw.trim() !== '' && Number.isFinite(Number(raw)) ? exactNumberValue(raw.trim()) : raw;
  }
  return out;
}

/** `--labels original|revised`: which labels of a rater who revised after discussion (issue 13). */
function labelsArg(value: string): 'original' | 'revised' {
  if (value !== 'original' && value !== 'revised') throw new UsageError(`--labels must be original or revised, not "${value}"`);
  return value;
}
