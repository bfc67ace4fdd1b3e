import { call } from '../call';
import { UsageError } from '../io';
import type { CommandEnv } from '../commandEnv';
import { writeOut } from './labels';
import { counted } from '../../common/numberFormat';

/**
 * `accord labels export --gold`: a task's gold labels (CSV by default, or JSONL) with their
 * source (unanimous or adjudicated), adjudicator, note, time and the edits that led there.
 */
export async function exportGoldCommand(env: CommandEnv, options: { workspace?: string; task: string; format?: string; out?: string; json?: boolean }): Promise<void> {
  const format = options.format ?? 'csv';
  if (format !== 'csv' && format !== 'jsonl') throw new UsageError(`--format must be csv or jsonl, not "${format}"`);
  const session = await env.openAnywhere(options.workspace);
  try {
    const exported = await call(session.ctx, 'gold.export', { task: options.task, format });
    if (options.json) {
      if (options.out) writeOut(env, options.out, exported.content);
      env.io.stdout(`${JSON.stringify({ task: options.task, gold: true, format, rows: exported.rows, out: options.out ?? null, ...(options.out ? {} : { content: exported.content }) }, null, 2)}\n`);
      return;
    }
    writeOut(env, options.out, exported.content);
    if (options.out) env.io.stderr(`${counted(exported.rows, 'gold label')} written to ${options.out}\n`);
  } finally {
    session.close();
  }
}
