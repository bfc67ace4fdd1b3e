import type { Command } from 'commander';
import type { Accuracy, ReviewGroup, SopReviewReport } from '../../api/contract';
import { count, percent, counted } from '../../common/numberFormat';
import { call } from '../call';
import { workspaceOption, type CommandEnv } from '../commandEnv';
import { columns } from './agreementText';

interface ReportOptions {
  workspace?: string;
  task: string;
  rater?: string;
  json?: boolean;
}

/**
 * `accord sop-review report`: the Agent-S SOP execution review of a task — state accuracy and
 * action accuracy (over steps whose state was correct), overall, per SOP, per model and per
 * SOP × model, each with its n, and the sessions the continuation rule applies to.
 */
export function registerSopReviewCommand(program: Command, env: CommandEnv): void {
  const sopReview = program.command('sop-review').description('Agent-S SOP execution review (per-step state and action marks)');
  workspaceOption(
    sopReview
      .command('report')
      .description('state accuracy and action accuracy over correct states, per SOP and model, with the continuation rule applied')
      .requiredOption('-t, --task <name>', 'a task created with the agent-s-step-review schema')
      .option('--rater <name>', "one annotator's marks alone (default: gold, else the marks every rater agrees on)")
      .option('--json', 'print the report as JSON'),
  ).action(async (options: ReportOptions) => {
    const session = await env.openAnywhere(options.workspace);
    try {
      const report = await call(session.ctx, 'sopReview.report', { task: options.task, rater: options.rater });
      env.io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : sopReviewText(report));
    } finally {
      session.close();
    }
  });
}

/** The report as text: whose marks, the figures table, the ruled sessions, the definitions. */
export function sopReviewText(report: SopReviewReport): string {
  const whose = report.source.kind === 'rater' ? `${report.source.rater}'s marks` : `consensus of ${report.raters.join(', ') || 'nobody yet'} (gold where set)`;
  const lines = [`task "${report.task}": ${counted(report.sessions, 'Agent-S session')}, ${whose}`];
  if (report.otherItems > 0) lines.push(`${counted(report.otherItems, 'item')} of the task ${report.otherItems === 1 ? 'is not an Agent-S session and is' : 'are not Agent-S sessions and are'} left out`);
  const { figures } = report;
  const row = (group: string, sop: string, model: string, g: ReviewGroup) => [group, sop, model, String(g.sessions), String(g.steps), accuracyText(g.state), accuracyText(g.action), String(g.ruledSteps)];
  lines.push(
    '',
    columns(
      [
        ['', 'SOP', 'model', 'sessions', 'steps', 'state accuracy', 'action accuracy', 'by rule'],
        row('all', '', '', figures.overall),
        ...figures.bySop.map((g) => row('SOP', g.sop, '', g)),
        ...figures.byModel.map((g) => row('model', '', g.model, g)),
        ...figures.bySopAndModel.map((g) => row('SOP × model', g.sop, g.model, g)),
      ],
      new Set([3, 4, 5, 6, 7]),
    ),
  );
  const o = figures.overall;
  const left = [
    o.stateUnmarked > 0 ? `${counted(o.stateUnmarked, 'step')} without a state mark` : '',
    o.stateDisagreed > 0 ? `${count(o.stateDisagreed)} with raters disagreeing on the state` : '',
    o.actionUnmarked > 0 ? `${counted(o.actionUnmarked, 'correct-state step')} without an action mark` : '',
    o.actionDisagreed > 0 ? `${count(o.actionDisagreed)} with raters disagreeing on the action` : '',
  ].filter(Boolean);
  if (left.length > 0) lines.push('', `left out: ${left.join('; ')}`);
  if (o.overriddenMarks > 0) lines.push(`${counted(o.overriddenMarks, 'step')} marked correct ${o.overriddenMarks === 1 ? 'is' : 'are'} incorrect by rule (the rule wins)`);
  if (report.ruled.length > 0) {
    lines.push('', `incorrect by rule (${counted(report.ruled.length, 'session')}):`);
    for (const r of report.ruled) lines.push(`  ${r.sessionId} (${r.sopId}, ${r.model ?? 'no model'}): steps ${r.ruledSteps.join(', ')} — failed step ${r.failedStep} was continued past`);
  }
  lines.push('', ...Object.values(report.definitions).map((d) => `· ${d}`));
  return `${lines.join('\n')}\n`;
}


/** "86.7% (26/30)", or an em dash with the reason when nothing was counted. */
function accuracyText(a: Accuracy): string {
  return a.value === null ? `— (n = 0)` : `${percent(a.value)} (${count(a.correct)}/${count(a.n)})`;
}
