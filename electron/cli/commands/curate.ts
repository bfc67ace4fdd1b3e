import type { Command } from 'commander';
import type { CuratedItem, CurationFile, CurationReport } from '../../api/contract';
import { count } from '../../common/numberFormat';
import { call } from '../call';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { columns } from './agreementText';
import { writeOut } from './labels';

interface CurateOptions {
  workspace?: string;
  task: string;
  question: string;
  valid?: string;
  out?: string;
  json?: boolean;
}

/**
 * `accord curate`: the ALMITA curation of a task — only the items every annotator who judged
 * them accepted, the counts before and after per kind, and (with --out) the kept items in the
 * shape they were imported in.
 */
export function registerCurateCommand(program: Command, env: CommandEnv): void {
  workspaceOption(
    program
      .command('curate')
      .description('keep the items every annotator judged valid (one rejection removes an item; a conversation goes with its removed flowgraph) and print the counts before and after')
      .requiredOption('-t, --task <name>', 'task whose labels judge validity')
      .requiredOption('-q, --question <id>', 'the item-level question that records validity')
      .option('--valid <answer>', "the answer that means valid (default: a yes/no question's first option)")
      .option('-o, --out <file.jsonl>', 'write the kept conversations (or plans) here, and the kept flowgraphs beside it as <name>.flowgraphs.txt')
      .option('--json', 'print a JSON report on stdout'),
  ).action(async (options: CurateOptions) => {
    const session = await env.openAnywhere(options.workspace);
    try {
      const args = { task: options.task, question: options.question, valid: options.valid };
      const { report, files } = options.out ? await call(session.ctx, 'curation.export', args) : { report: await call(session.ctx, 'curation.get', args), files: [] };
      const written = options.out ? placeFiles(options.out, files) : [];
      for (const w of written) writeOut(env, w.path, w.file.text);
      if (options.json) {
        env.io.stdout(`${JSON.stringify({ ...report, written: written.map((w) => ({ kind: w.file.kind, path: w.path, items: w.file.items })) }, null, 2)}\n`);
        return;
      }
      env.io.stdout(curationText(report));
      for (const w of written) env.io.stderr(`${count(w.file.items)} kept ${kindName(w.file.kind, w.file.items)} written to ${w.path}\n`);
      if (options.out && written.length === 0) env.io.stderr('nothing kept, no file written\n');
    } finally {
      session.close();
    }
  });
}

/** Where each exported file goes: the first JSONL file to `out`, the others beside it named by kind. */
function placeFiles(out: string, files: CurationFile[]): { path: string; file: CurationFile }[] {
  const stem = out.replace(/\.(jsonl|json|txt)$/i, '');
  const ordered = [...files].sort((a, b) => rank(a) - rank(b));
  return ordered.map((file, i) => {
    if (i === 0 && file.fileName.endsWith('.jsonl')) return { path: out, file };
    const suffix = file.kind === 'graph' ? (file.fileName.endsWith('.txt') ? '.flowgraphs.txt' : '.graphs.jsonl') : `.${file.kind}s.jsonl`;
    return { path: `${stem}${suffix}`, file };
  });
}

function rank(file: CurationFile): number {
  return file.kind === 'conversation' ? 0 : file.kind === 'plan' ? 1 : 2;
}

/** The report as text: the counts table, then every item removed or left out, and why. */
export function curationText(report: CurationReport): string {
  const lines: string[] = [];
  const others = report.invalidAnswers.map((a) => `"${a}"`).join(', ');
  lines.push(`task "${report.task}", question ${report.question}: "${report.validAnswer}" is valid${others ? `, ${others} rejects` : ''}; kept: judged valid by every annotator who judged it`);
  lines.push('');
  lines.push(
    columns(
      [
        ['', 'before', 'kept', 'rejected', 'removed with flowgraph', 'not judged'],
        ...report.counts.map((c) => [kindName(c.kind, 2), count(c.before), count(c.kept), count(c.rejected), count(c.removedWithFlowgraph), count(c.unjudged)]),
      ],
      new Set([1, 2, 3, 4, 5]),
    ),
  );
  if (report.rejected.length > 0) {
    lines.push('', `removed, rejected by an annotator (${count(report.rejected.length)}):`);
    for (const r of report.rejected) lines.push(`  ${itemText(r.item)} — rejected by ${r.rejectedBy.join(', ')}${r.acceptedBy.length ? `; accepted by ${r.acceptedBy.join(', ')}` : ''}`);
  }
  if (report.removedWithFlowgraph.length > 0) {
    lines.push('', `removed with their flowgraph (${count(report.removedWithFlowgraph.length)} ${kindName('conversation', report.removedWithFlowgraph.length)}):`);
    for (const r of report.removedWithFlowgraph) lines.push(`  ${itemText(r.item)} — its flowgraph ${r.flowgraph} was removed`);
  }
  if (report.unjudged.length > 0) {
    lines.push('', `judged by nobody, so neither kept nor removed, and not exported (${count(report.unjudged.length)}):`);
    for (const item of report.unjudged) lines.push(`  ${itemText(item)}`);
  }
  if (report.unknownFlowgraph.length > 0) {
    lines.push('', `naming a flowgraph id none of the task's flowgraphs has (${count(report.unknownFlowgraph.length)}; judged on their own):`);
    for (const r of report.unknownFlowgraph) lines.push(`  ${itemText(r.item)} → ${r.flowgraph}`);
  }
  return `${lines.join('\n')}\n`;
}

function itemText(item: CuratedItem): string {
  return `${item.externalId} (${kindName(item.kind, 1)}, ${item.dataset})`;
}

function kindName(kind: string, n: number): string {
  const singular = kind === 'graph' ? 'flowgraph' : kind;
  return n === 1 ? singular : `${singular}s`;
}
