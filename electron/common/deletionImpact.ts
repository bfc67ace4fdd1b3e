import { count, dollars } from './numberFormat';

/** Current labels per rater (humans first). */
export interface RaterLabelCount {
  rater: string;
  kind: 'human' | 'judge';
  labels: number;
}

/** Gold labels by how they were settled. */
export interface GoldCount {
  source: 'unanimous' | 'adjudicated';
  count: number;
}

/**
 * What deleting a dataset takes with it, counted from the rows (db/queries/trash.ts), the API's
 * `DeletionImpact` without the name: the one statement of this shape.
 */
export interface DatasetImpactCounts {
  items: number;
  findings: number;
  /** Tasks that hold some of its items, with how many. */
  tasks: { task: string; items: number }[];
  labels: RaterLabelCount[];
  /** Every change of those labels (their history). */
  labelEvents: number;
  submissions: number;
  gold: GoldCount[];
  judgeCalls: number;
}

/** What deleting a task takes with it (the items stay in their datasets); the API's `TaskDeletionImpact` without the name. */
export interface TaskImpactCounts {
  /** Items in the task (their queues and labels here go). */
  items: number;
  annotators: string[];
  labels: RaterLabelCount[];
  labelEvents: number;
  submissions: number;
  gold: GoldCount[];
  /** Gold decisions recorded (the gold edit log). */
  goldEdits: number;
  judgeRuns: number;
  judgeCalls: number;
}

/**
 * The counts a deletion reports, as {@link impactLines} reads them: a dataset's
 * ({@link DatasetImpactCounts}: `findings` and the `tasks` holding its items) or a task's
 * ({@link TaskImpactCounts}: its `annotators`, gold edits and judge runs).
 */
export interface ImpactCounts {
  items: number;
  findings?: number;
  tasks?: readonly { task: string; items: number }[];
  annotators?: readonly string[];
  labels: readonly { rater: string; kind: 'human' | 'judge'; labels: number }[];
  labelEvents: number;
  submissions: number;
  gold: readonly { source: string; count: number }[];
  goldEdits?: number;
  judgeRuns?: number;
  judgeCalls: number;
}

const plural = (n: number, singular: string, pluralForm = `${singular}s`) => `${count(n)} ${n === 1 ? singular : pluralForm}`;

/**
 * What a deletion takes with it, one line per kind, the human work first: the same words in the
 * delete dialog, the trash and `accord datasets delete`.
 */
export function impactLines(impact: ImpactCounts): string[] {
  const humans = impact.labels.filter((l) => l.kind === 'human');
  const judges = impact.labels.filter((l) => l.kind === 'judge');
  const gold = impact.gold.reduce((sum, g) => sum + g.count, 0);
  const lines =
    impact.findings !== undefined
      ? [`${plural(impact.items, 'item')} and ${plural(impact.findings, 'finding')}`]
      : [`the queues of ${plural(impact.annotators?.length ?? 0, 'annotator')} over ${plural(impact.items, 'item')} (the items stay in their datasets)`];
  if (humans.length > 0) {
    lines.push(`${plural(humans.reduce((s, l) => s + l.labels, 0), 'label')} by ${humans.map((l) => `${l.rater} (${l.labels})`).join(', ')}, with ${plural(impact.labelEvents, 'recorded change')}`);
  }
  if (impact.submissions > 0) lines.push(plural(impact.submissions, 'submitted item'));
  if (gold > 0) lines.push(`${plural(gold, 'gold label')} (${impact.gold.map((g) => `${g.count} ${g.source}`).join(', ')})${impact.goldEdits ? `, with ${plural(impact.goldEdits, 'gold decision')} in their edit log` : ''}`);
  if (impact.judgeRuns !== undefined && impact.judgeRuns > 0) {
    lines.push(`${plural(impact.judgeRuns, 'judge run')} with ${plural(impact.judgeCalls, 'call')} and ${plural(judges.reduce((s, l) => s + l.labels, 0), 'judge label')}`);
  } else {
    if (judges.length > 0) lines.push(`${plural(judges.reduce((s, l) => s + l.labels, 0), 'judge label')} from ${plural(judges.length, 'run')}`);
    if (impact.judgeCalls > 0) lines.push(plural(impact.judgeCalls, 'judge call'));
  }
  if (impact.tasks && impact.tasks.length > 0) lines.push(`items of ${impact.tasks.map((t) => `task “${t.task}” (${t.items})`).join(', ')}`);
  return lines;
}

/** What a judge run holds, counted from the rows (db/queries/judgeRunTrash.ts). */
export interface RunRowCounts {
  calls: { ok: number; invalid: number; failed: number; cached: number };
  /** Cost recorded on its calls; null when some answered call had no price. */
  cost: number | null;
  promptTokens: number;
  completionTokens: number;
  /** The judge's current labels on the task, and on how many items. */
  labels: number;
  items: number;
  /** Every change of those labels (their history). */
  labelEvents: number;
}

/** What deleting a judge run takes, as {@link runImpactLines} reads it (the API's `RunDeletionImpact` extends it). */
export interface RunImpactCounts extends RunRowCounts {
  run: number;
  task: string;
  /**
   * Calibrations and comparisons are computed when asked and never stored: none is deleted, but
   * none that uses this run can be made while it is in the trash. The other runs of its task it
   * could be compared with are named here.
   */
  comparableRuns: number[];
}

/**
 * What deleting a judge run takes with it, one line per kind: its calls, the cost they
 * recorded, its labels on the task, and the calibrations and comparisons that use it. The same
 * words in the delete dialog, the run trash and `accord judge delete`.
 */
export function runImpactLines(impact: RunImpactCounts): string[] {
  const { ok, invalid, failed, cached } = impact.calls;
  const calls = ok + invalid + failed;
  const parts = [`${count(ok)} answered`, ...(invalid > 0 ? [`${count(invalid)} unreadable`] : []), ...(failed > 0 ? [`${count(failed)} failed`] : [])];
  const lines = [`${plural(calls, 'call')} (${parts.join(', ')}${cached > 0 ? `; ${count(cached)} from the cache` : ''}) with their raw responses`];
  const tokens = `${plural(impact.promptTokens + impact.completionTokens, 'token')}`;
  lines.push(impact.cost === null ? `the record of what it cost (${tokens}; some calls had no price)` : `the record of what it cost: ${dollars(impact.cost)} (${tokens})`);
  lines.push(
    impact.labels > 0
      ? `${plural(impact.labels, 'judge label')} on ${plural(impact.items, 'item')} of task “${impact.task}”, with ${plural(impact.labelEvents, 'recorded change')}`
      : `no labels on task “${impact.task}”`,
  );
  lines.push(
    `its calibration${impact.comparableRuns.length > 0 ? ` and comparisons with ${impact.comparableRuns.length === 1 ? 'run' : 'runs'} ${impact.comparableRuns.join(', ')}` : ''} (computed when asked, never stored: none can be made while the run is in the trash)`,
  );
  return lines;
}
