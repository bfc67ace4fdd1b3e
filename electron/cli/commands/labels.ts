import fs from 'node:fs';
import type { Command } from 'commander';
import type { JobProgress, LabelImportReport } from '../../api/contract';
import { progressPrinter } from '../progress';
import { earlierVersionWarning } from '../../common/earlierVersion';
import { call } from '../call';
import { CliError, UsageError } from '../io';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { EXIT_REJECTED } from './import';
import { exportGoldCommand } from './goldExport';
import { counted } from '../../common/numberFormat';
import { raterList } from '../../common/raterList';

const FORMATS = ['csv', 'jsonl'] as const;
type LabelFormat = (typeof FORMATS)[number];

function formatOption(value: string | undefined, required: boolean): LabelFormat | undefined {
  if (value === undefined) {
    if (required) throw new UsageError(`--format is required (${FORMATS.join(' or ')})`);
    return undefined;
  }
  if (!FORMATS.includes(value as LabelFormat)) throw new UsageError(`--format must be ${FORMATS.join(' or ')}, not "${value}"`);
  return value as LabelFormat;
}

export function describeImport(r: LabelImportReport): string {
  if (r.status === 'rejected') {
    return r.errors.map((e) => `${r.file}${e.line ? `:${e.line}` : ''} — ${e.message}\n`).join('') + `${r.file}: rejected, no labels imported\n`;
  }
  if (r.status === 'unchanged') return `${r.file}: every label was already in task "${r.task}", nothing changed\n`;
  const raters = r.newRaters.length ? `; new raters: ${raterList(r.newRaters, { namedIn: 'the --json report' })}` : '';
  return `${r.file}: ${r.added} new, ${r.changed} changed, ${r.unchanged} unchanged labels in task "${r.task}"; ${r.submissions} submissions${raters}\n`;
}

/** Writes exported content to `--out`, or stdout. */
export function writeOut(env: CommandEnv, out: string | undefined, content: string): void {
  if (out === undefined) {
    // Exported content, byte for byte: not escaped as messages are.
    env.io.raw.stdout(content);
    return;
  }
  try {
    fs.writeFileSync(out, content);
  } catch (error) {
    throw new CliError(`cannot write ${out}: ${(error as Error).message}`);
  }
}

export function registerLabelsCommand(program: Command, env: CommandEnv): void {
  const labels = program.command('labels').description('import and export the labels of a task');
  workspaceOption(
    labels
      .command('import')
      .description('import labels (CSV item,unit,question,rater,value,rationale or JSONL) into a task; a file with any error is rejected whole')
      .argument('<file>', 'labels file (.csv or .jsonl)')
      .requiredOption('-t, --task <name>', 'task to import into')
      .option('-f, --format <format>', 'csv or jsonl (default: from the file name)')
      .option('--json', 'print a JSON report'),
  ).action(async (file: string, options: { workspace?: string; task: string; format?: string; json?: boolean }) => {
    const format = formatOption(options.format, false);
    const progress = progressPrinter(env.io, !options.json);
    const session = await env.openAnywhere(options.workspace, (event, payload) => {
      if (event === 'job.progress') progress.update(payload as JobProgress);
    });
    try {
      const report = await call(session.ctx, 'labels.import', { task: options.task, source: { path: file }, format });
      progress.done();
      env.io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : describeImport(report));
      if (report.status === 'rejected') env.setExitCode(EXIT_REJECTED);
    } finally {
      session.close();
    }
  });
  workspaceOption(
    labels
      .command('export')
      .description('export every current label of a task, or (--gold) its gold labels')
      .requiredOption('-t, --task <name>', 'task to export')
      .option('-f, --format <format>', 'csv (as labels.csv) or jsonl (with rater kinds and timestamps); with --gold, csv by default')
      .option('--gold', 'export the gold labels instead: value, source (unanimous or adjudicated), adjudicator, note, time and the edit log')
      .option('-o, --out <file>', 'write here instead of stdout')
      .option('--json', 'print a JSON report (with the content when there is no --out)'),
  ).action(async (options: { workspace?: string; task: string; format?: string; out?: string; json?: boolean; gold?: boolean }) => {
    if (options.gold) return exportGoldCommand(env, options);
    const format = formatOption(options.format, true)!;
    const session = await env.openAnywhere(options.workspace);
    try {
      const exported = await call(session.ctx, 'labels.export', { task: options.task, format });
      if (options.json) {
        if (options.out) writeOut(env, options.out, exported.content);
        const report = { task: options.task, format, rows: exported.rows, ...(exported.earlierVersion > 0 ? { earlierVersion: exported.earlierVersion } : {}), out: options.out ?? null, ...(options.out ? {} : { content: exported.content }) };
        env.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      } else {
        writeOut(env, options.out, exported.content);
        if (options.out) env.io.stderr(`${counted(exported.rows, 'label')} written to ${options.out}\n`);
      }
      if (exported.earlierVersion > 0) env.io.stderr(`${earlierVersionWarning(exported.earlierVersion)} (kept, marked in ${format === 'csv' ? 'the earlier_version column' : 'earlierVersion'})\n`);
      const cleared = exported.cleared ?? 0;
      if (cleared > 0) {
        const where = format === 'csv' ? 'revised_after_discussion says cleared' : 'clearedAfterDiscussion';
        env.io.stderr(`${cleared} of them ${cleared === 1 ? 'was a label' : 'were labels'} cleared after discussion: no answer now, the original beside it (${where}); agreement counts the original\n`);
      }
    } finally {
      session.close();
    }
  });
}
