import fs from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_RECORD_LIMITS, parseSize, sizeText } from '../../core/formats/recordLimits';
import type { ImportFileReport } from '../../api/contract';
import { changedLabelledLine } from '../../common/earlierVersion';
import { call } from '../call';
import { UsageError } from '../io';
import { progressPrinter } from '../progress';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { counted } from '../../common/numberFormat';
import { releaseTaskLine } from '../../common/releaseTask';
import { importFindingCounts } from '../../common/importFindings';

/** Exit code when any file was rejected (the others are still imported). */
export const EXIT_REJECTED = 2;

export function registerImportCommand(program: Command, env: CommandEnv): void {
  workspaceOption(
    program
      .command('import')
      .description('import SOP graphs, plans or conversations (format detected from the file)')
      .argument('[files...]', 'files to import: .json, .jsonl, .csv, or a line-format graph')
      .option('-d, --dataset <name>', 'dataset to import into (default: the file name without extension)')
      .option('--skip-invalid', 'skip invalid records and list them instead of rejecting the file')
      .option('--preset <name>', 'read the files with this preset instead of recognising them ("list" lists the presets)')
      .option('--show', "with --preset NAME: print the preset's mapping (JSON) to copy and edit")
      .option('--mapping <file or name>', 'read the files through this mapping (a JSON file: where our fields live in your records; or the name of one saved in the workspace)')
      .option('--save-mapping', 'with --mapping FILE: save the mapping in the workspace under its name, for --mapping NAME later')
      .option('--max-record-bytes <size>', `longest JSONL line or CSV row, e.g. 64M (default ${sizeText(DEFAULT_RECORD_LIMITS.maxRecordBytes)})`, sizeOption)
      .option('--max-document-bytes <size>', `largest JSON document or array, read whole (default ${sizeText(DEFAULT_RECORD_LIMITS.maxDocumentBytes)})`, sizeOption)
      .option('--max-columns <n>', `most columns in a CSV file (default ${DEFAULT_RECORD_LIMITS.maxColumns})`, countOption)
      .option('--json', 'print a JSON report on stdout'),
  ).action(async (files: string[], options: ImportCommandOptions) => {
    // Loaded here, not at start-up: the presets bring the formats' code, which --help never needs.
    const { findPreset, PRESETS } = await import('../../core/formats/presets');
    const { readMappingFile } = await import('./mappingFile');
    if (options.preset === 'list') {
      for (const preset of PRESETS) env.io.stdout(`${preset.name.padEnd(12)} ${preset.kind.padEnd(13)} ${preset.description}\n`);
      return;
    }
    if (options.show) {
      const preset = options.preset === undefined ? undefined : findPreset(options.preset);
      if (!preset) throw new UsageError(`--show needs --preset NAME (one of ${PRESETS.map((p) => p.name).join(', ')})`);
      env.io.stdout(`${JSON.stringify(preset.mapping, null, 2)}\n`);
      return;
    }
    if (files.length === 0) throw new UsageError('name the files to import (or --preset list)');
    if (options.preset !== undefined && options.mapping !== undefined) throw new UsageError('give --preset or --mapping, not both');
    const mapping = options.mapping === undefined ? undefined : fs.existsSync(options.mapping) ? readMappingFile(options.mapping) : options.mapping;
    if (options.saveMapping && typeof mapping !== 'object') throw new UsageError('--save-mapping needs --mapping FILE');
    const progress = progressPrinter(env.io, !options.json);
    const session = await env.openAnywhere(options.workspace, (event, payload) => {
      if (event === 'job.progress') progress.update(payload as Parameters<typeof progress.update>[0]);
    });
    try {
      if (options.saveMapping && typeof mapping === 'object') {
        const saved = await call(session.ctx, 'mappings.save', { mapping });
        env.io.stderr(`mapping "${saved.name}" ${saved.status === 'created' ? 'saved' : 'replaced'} in the workspace (--mapping ${saved.name})\n`);
      }
      const report = await call(session.ctx, 'datasets.import', {
        sources: files.map((path) => ({ path })),
        dataset: options.dataset,
        skipInvalid: options.skipInvalid ?? false,
        preset: options.preset,
        mapping,
        limits: { maxRecordBytes: options.maxRecordBytes, maxDocumentBytes: options.maxDocumentBytes, maxColumns: options.maxColumns },
      });
      progress.done();
      if (options.json) {
        env.io.stdout(`${JSON.stringify({ files: report.files.map(jsonFile) }, null, 2)}\n`);
      } else {
        for (const file of report.files) env.io.stdout(describe(file));
      }
      if (report.files.some((f) => f.status === 'rejected')) env.setExitCode(EXIT_REJECTED);
    } finally {
      session.close();
    }
  });
}

interface ImportCommandOptions {
  workspace?: string;
  preset?: string;
  show?: boolean;
  mapping?: string;
  saveMapping?: boolean;
  dataset?: string;
  skipInvalid?: boolean;
  json?: boolean;
  maxRecordBytes?: number;
  maxDocumentBytes?: number;
  maxColumns?: number;
}

function sizeOption(value: string): number {
  const bytes = parseSize(value);
  if (bytes === null) throw new InvalidArgumentError('expected a size such as 64M, 512K or 1G (bytes without a suffix)');
  return bytes;
}

function countOption(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

function jsonFile(f: ImportFileReport) {
  return {
    file: f.file,
    format: f.format,
    kind: f.kind,
    dataset: f.dataset,
    status: f.status,
    imported: f.imported,
    skipped: f.skipped,
    errors: f.errors,
    // Said only when labelled items changed (their labels now sit on an earlier version).
    ...(f.changedLabelled ? { changedLabelled: f.changedLabelled } : {}),
    // Said only when the file carried labels (JUDGE-BENCH): the task made from them.
    ...(f.task ? { task: f.task } : {}),
    // Said only when the items have error or warning findings.
    ...(f.findings ? { findings: f.findings } : {}),
  };
}

function describe(f: ImportFileReport): string {
  if (f.status === 'rejected') {
    return f.errors.map((e) => `${f.file}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''} — ${e.message}\n`).join('') +
      `${f.file}: rejected, nothing imported\n`;
  }
  if (f.status === 'unchanged') return `${f.file}: already imported into "${f.dataset}", nothing changed\n`;
  const skipped = f.skipped
    ? `, skipped ${counted(f.skipped, 'invalid record')}:\n` +
      f.errors.map((e) => `  ${f.file}:${e.line ?? '?'}${e.column ? `:${e.column}` : ''} — ${e.message}\n`).join('')
    : '\n';
  const changed = changedLabelledLine(f.changedLabelled);
  const task = f.task ? `  ${releaseTaskLine(f.task)}\n` : '';
  const findings = f.findings ? `  ${findingsLine(f.findings, f.dataset)}\n` : '';
  return `${f.file}: ${counted(f.imported, f.kind ?? 'item')} (${f.format}) into "${f.dataset}"${skipped}${changed ? `  ${changed}\n` : ''}${task}${findings}`;
}

/** `findings: 2 errors, 1 warning (accord items --dataset "x" lists them)`. */
function findingsLine(findings: { errors: number; warnings: number }, dataset: string | null): string {
  return `findings: ${importFindingCounts(findings)}${dataset ? ` (accord items --dataset ${JSON.stringify(dataset)} lists them)` : ''}`;
}
