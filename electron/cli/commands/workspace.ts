import path from 'node:path';
import type { Command } from 'commander';
import { count, counted } from '../../common/numberFormat';
import { PaceMeter } from '../../common/progressPace';
import { markOpensNoWorkspace, type CommandEnv } from '../commandEnv';
import { CliError, UsageError } from '../io';
import { progressPrinter } from '../progress';
import type { CopySummary } from '../../../db/copy/workspaceCopy';
import { isPostgresUrl, printable } from '../../../db/copy/where';


function summaryText(summary: CopySummary): string {
  const filled = summary.tables.filter((t) => t.rows > 0);
  const empty = summary.tables.length - filled.length;
  const width = Math.max(0, ...filled.map((t) => t.table.length));
  const rowsWidth = Math.max(0, ...filled.map((t) => count(t.rows).length));
  const lines = filled.map((t) => `  ${t.table.padEnd(width)}  ${count(t.rows).padStart(rowsWidth)} ${t.rows === 1 ? 'row ' : 'rows'}  sha256 ${t.sha256.slice(0, 16)}…\n`);
  return (
    `Copied ${summary.from} to ${summary.to} (schema ${summary.schemaVersion}): ${count(summary.tables.length)} tables, ${count(summary.rows)} rows.\n` +
    lines.join('') +
    (empty > 0 ? `  and ${counted(empty, 'empty table')}\n` : '') +
    'Every table was read back from the copy before it was committed: counts and content hashes match.\n' +
    summary.leftOut
      .filter((t) => t.rows > 0)
      .map((t) => `Not copied: ${t.table} (${count(t.rows)} ${t.rows === 1 ? 'row' : 'rows'}): ${t.why}.\n`).join('')
  );
}

/** Exit code of a copy cancelled with Ctrl-C (128 + SIGINT). */
const EXIT_CANCELLED = 130;

/**
 * `accord workspace copy --from A --to B`: a workspace between a file and PostgreSQL (either way,
 * or file to file), checked by counts and content hashes (db/copy/workspaceCopy.ts). It opens no
 * session: both ends are opened by the copy itself, the source read-only.
 */
export function registerWorkspaceCommand(program: Command, env: CommandEnv): void {
  const workspace = program.command('workspace').description('whole workspaces: copy one between a file and PostgreSQL');
  const copy = workspace
    .command('copy')
    .description('copy a workspace (a file, or a postgres:// URL) to a new file or an empty PostgreSQL database, checked by counts and content hashes')
    .option('--from <file|url>', 'the workspace to copy (default: --workspace)')
    .requiredOption('--to <file|url>', 'a new workspace file, or the URL of an empty PostgreSQL database')
    .option('-w, --workspace <path>', 'the workspace to copy when --from is not given')
    .option('--batch-rows <n>', 'rows per batch (one COPY each on PostgreSQL)', '2000')
    .option('--json', 'print the summary as JSON')
    .action(async (options: { from?: string; to: string; workspace?: string; batchRows: string; json?: boolean }) => {
      const from = options.from ?? options.workspace;
      if (!from) throw new UsageError('say which workspace to copy: --from FILE|URL');
      if (options.from && options.workspace && !isPostgresUrl(options.from) && path.resolve(options.from) !== path.resolve(options.workspace)) {
        throw new UsageError(`--from ${options.from} and --workspace ${options.workspace} name different workspaces; give one`);
      }
      const batchRows = Number(options.batchRows);
      if (!Number.isInteger(batchRows) || batchRows < 1) throw new UsageError(`--batch-rows must be a whole number of at least 1, not ${options.batchRows}`);
      // Loaded here: the copy brings the PostgreSQL client, which no other command needs.
      const { copyWorkspace, CopyError } = await import('../../../db/copy/workspaceCopy');
      const progress = progressPrinter(env.io, !options.json);
      const pace = new PaceMeter();
      // Ctrl-C stops the copy after the batch in hand and leaves the target as it was; twice stops at once.
      const cancel = new AbortController();
      const onSigint = () => {
        if (cancel.signal.aborted) process.exit(EXIT_CANCELLED);
        env.io.stderr('\ncancelling: the target is left as it was (Ctrl-C again to stop at once)…\n');
        cancel.abort();
      };
      process.on('SIGINT', onSigint);
      let summary: CopySummary;
      try {
        summary = await copyWorkspace(from, options.to, {
          batchRows,
          signal: cancel.signal,
          onProgress: (p) => {
            // Both phases go over every row once: copying, then reading the copy back to check it.
            const done = (p.phase === 'copying' ? 0 : p.allTotal) + p.allDone;
            const total = 2 * p.allTotal;
            progress.update({ jobId: 'copy', label: `${p.phase === 'copying' ? 'Copying' : 'Checking'} ${p.table}`, done, total, unit: 'rows', ...pace.at(Date.now(), done, total), finished: false });
          },
        });
      } catch (error) {
        if (error instanceof CopyError) throw new CliError(`workspace copy failed: ${error.message.replace(/\.$/, '')}. Nothing was written to ${printable(options.to)}.`, cancel.signal.aborted ? EXIT_CANCELLED : 1);
        throw error;
      } finally {
        process.off('SIGINT', onSigint);
        progress.done();
      }
      env.io.stdout(options.json ? `${JSON.stringify(summary, null, 2)}\n` : summaryText(summary));
    });
  markOpensNoWorkspace(copy, () => true);
}
