import type { Command } from 'commander';
import type { PackImportReport } from '../../api/contract';
import { call } from '../call';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { EXIT_REJECTED } from './import';
import { writeOut } from './labels';

function describeImport(r: PackImportReport): string {
  const refused = r.refused.map((x) => `  refused ${x.item}${x.unit ? ` ${x.unit}` : ''} ${x.question}: ${x.reason}\n`).join('');
  if (r.status === 'unchanged') return `${r.file}: nothing new from ${r.annotator} for task "${r.task}"${r.refused.length ? `; ${r.refused.length} refused:` : ''}\n${refused}`;
  return (
    `${r.file}: ${r.annotator}'s labels for task "${r.task}": ${r.applied} applied, ${r.kept} older edits kept in history, ` +
    `${r.unchanged} already here, ${r.submissions} submissions${r.originals ? `, ${r.originals} original${r.originals === 1 ? '' : 's'} of labels revised after discussion` : ''}` +
    `${r.refused.length ? `, ${r.refused.length} refused:` : ''}\n${refused}`
  );
}

export function registerPackCommand(program: Command, env: CommandEnv): void {
  const pack = program.command('pack').description('label packs: one annotator’s labels, to carry between machines');
  workspaceOption(
    pack
      .command('export')
      .description('write one annotator’s labels for a task, with the content hash of each item')
      .requiredOption('-t, --task <name>', 'task')
      .requiredOption('-a, --annotator <name>', 'annotator')
      .requiredOption('-o, --out <file>', 'pack file to write')
      .option('--json', 'print a JSON report'),
  ).action(async (options: { workspace?: string; task: string; annotator: string; out: string; json?: boolean }) => {
    const session = await env.openAnywhere(options.workspace);
    try {
      const exported = await call(session.ctx, 'packs.export', { task: options.task, annotator: options.annotator });
      writeOut(env, options.out, exported.content);
      const report = { task: exported.task, annotator: exported.annotator, labels: exported.labels, out: options.out };
      env.io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${exported.labels} labels of ${exported.annotator} for task "${exported.task}" written to ${options.out}\n`);
    } finally {
      session.close();
    }
  });
  workspaceOption(
    pack
      .command('import')
      .description('merge a label pack: newest edit wins, older kept in history, labels on changed items refused')
      .argument('<file>', 'pack file')
      .option('--json', 'print a JSON report'),
  ).action(async (file: string, options: { workspace?: string; json?: boolean }) => {
    const session = await env.openAnywhere(options.workspace);
    try {
      const report = await call(session.ctx, 'packs.import', { source: { path: file } });
      env.io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : describeImport(report));
      if (report.refused.length > 0) env.setExitCode(EXIT_REJECTED);
    } finally {
      session.close();
    }
  });
}
