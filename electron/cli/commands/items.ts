import type { Command } from 'commander';
import type { ItemDetail } from '../../api/contract';
import { call } from '../call';
import { UsageError } from '../io';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { browserLink } from '../../common/browserLink';
import { decimal, counted } from '../../common/numberFormat';
import { scoringModeLabel } from '../../common/scoringModes';
import { liveServerFor } from '../serverInfo';

const KINDS = ['graph', 'plan', 'conversation'] as const;
const PAGE = 1000;

export function registerItemsCommand(program: Command, env: CommandEnv): void {
  workspaceOption(
    program
      .command('items')
      .description('list items with their findings, reference metrics and deep links')
      .option('-d, --dataset <name>', 'only this dataset')
      .option('-k, --kind <kind>', `only this kind (${KINDS.join(', ')})`)
      .option('--json', 'print a JSON array, one object per item'),
  ).action(async (options: { workspace?: string; dataset?: string; kind?: string; json?: boolean }) => {
    if (options.kind && !KINDS.includes(options.kind as (typeof KINDS)[number])) {
      throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, not "${options.kind}"`);
    }
    const session = await env.openAnywhere(options.workspace);
    try {
      const ctx = session.ctx;
      let datasetId: number | undefined;
      if (options.dataset) {
        const datasets = await call(ctx, 'datasets.list', {});
        const match = datasets.find((d) => d.name === options.dataset);
        if (!match) throw new UsageError(`no dataset named "${options.dataset}" (have: ${datasets.map((d) => d.name).join(', ') || 'none'})`);
        datasetId = match.id;
      }
      const base = liveServerFor(ctx.workspacePath);
      const items: ItemDetail[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await call(ctx, 'items.list', { datasetId, kind: options.kind as (typeof KINDS)[number] | undefined, offset, limit: PAGE });
        for (const row of page.rows) items.push(await call(ctx, 'items.get', { id: row.id }));
        if (offset + PAGE >= page.total) break;
      }
      if (options.json) {
        env.io.stdout(`${JSON.stringify(items.map((item) => toJson(item, base)), null, 2)}\n`);
      } else {
        for (const item of items) env.io.stdout(toLine(item));
        env.io.stdout(`${counted(items.length, 'item')}\n`);
      }
    } finally {
      session.close();
    }
  });
}

function toJson(item: ItemDetail, base: { baseUrl: string; token: string | null }) {
  return {
    id: item.id,
    externalId: item.externalId,
    dataset: item.dataset,
    kind: item.kind,
    metadata: item.metadata,
    findings: item.findings.map((f) => ({ validator: f.validator, severity: f.severity, location: f.location, message: f.message })),
    metrics: item.metrics,
    url: base.token ? browserLink(base.baseUrl, base.token, item.link) : `${base.baseUrl}${item.link}`,
  };
}

function toLine(item: ItemDetail): string {
  const findings = [
    item.errorCount && counted(item.errorCount, 'error'),
    item.warningCount && counted(item.warningCount, 'warning'),
  ]
    .filter(Boolean)
    .join(', ');
  return [String(item.id).padStart(6), item.kind.padEnd(12), item.dataset.padEnd(20), item.externalId.padEnd(36), item.headline ?? '', findings]
    .join('  ')
    .trimEnd()
    .concat('\n', modeLines(item.metrics));
}

/** A conversation's trace figures per scoring mode, one indented line each, naming the mode. */
function modeLines(metrics: Record<string, unknown> | null): string {
  const modes = metrics?.modes;
  if (!Array.isArray(modes)) return '';
  return modes
    .map((raw) => {
      const f = raw as Record<string, unknown>;
      const n = (key: string) => (typeof f[key] === 'number' ? decimal(f[key], 2) : '—');
      const left = [
        typeof f.retries === 'number' && f.retries > 0 ? `${f.retries} retried` : '',
        typeof f.readOnlyCalls === 'number' && f.readOnlyCalls > 0 ? `${f.readOnlyCalls} read-only left out` : '',
      ].filter(Boolean);
      return `        [${scoringModeLabel(String(f.mode))}] tool P ${n('toolPrecision')} R ${n('toolRecall')} F1 ${n('toolF1')} · params ${n('parameterMatch')} · TCA ${n('toolCallAccuracy')} · exact ${f.traceExactMatch === true ? 'yes' : 'no'}${left.length ? ` (${left.join(', ')})` : ''}\n`;
    })
    .join('');
}
