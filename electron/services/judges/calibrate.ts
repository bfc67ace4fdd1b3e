import type { CalibrationReport } from '../../api/contract';
import { raterOfRun, runById } from '../../../db/queries/judges';
import { calibrateQuestion } from '../../core/judges/calibration/calibrationReport';
import { VERDICT_TITLE } from '../../core/judges/calibration/replaceVerdict';
import type { AltTestScoring } from '../../core/judges/calibration/altTest';
import { type CalibrationSettings, DEFAULT_CALIBRATION_SETTINGS } from '../../core/judges/calibration/replacementEvidence';
import { count, counted, decimal } from '../../common/numberFormat';
import { resolveJudge } from './judgeSource';
import { loadTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { itemIdsOfUnits, questionData, taskItemNames } from './calibrationData';

/**
 * A judge run beside the humans, per question of its task (see `judges.calibrate`). Every
 * figure comes from the agreement engine (`core/stats`) on the same units and categories the
 * agreement dashboard uses: submitted human labels, the run's labels, and gold.
 *
 * @throws NotFoundError for an unknown task, run or question; InvalidInputError for a run of
 *   another task or a question the judge does not answer.
 */
export function calibrateRun(
  ctx: ServiceContext,
  args: {
    task: string | number;
    run: number;
    question?: string;
    bootstrap: number;
    seed: number;
    maxDisagreements: number;
    epsilon?: number;
    q?: number;
    margin?: number;
    minUnits?: number;
    verdictResamples?: number;
    certifyThreshold?: number;
    targetHalfWidth?: number;
    scoring?: AltTestScoring;
  },
): CalibrationReport {
  const d = DEFAULT_CALIBRATION_SETTINGS;
  const settings: CalibrationSettings = {
    epsilon: args.epsilon ?? d.epsilon,
    q: args.q ?? d.q,
    margin: args.margin ?? d.margin,
    minUnits: args.minUnits ?? d.minUnits,
    resamples: args.verdictResamples ?? d.resamples,
    seed: args.seed,
    certifyThreshold: args.certifyThreshold ?? d.certifyThreshold,
    targetHalfWidth: args.targetHalfWidth ?? d.targetHalfWidth,
    ...(args.scoring ? { scoring: args.scoring } : {}),
  };
  const task = loadTask(ctx.sql, args.task);
  const run = runById(ctx.sql, args.run);
  if (!run) throw new NotFoundError(`no judge run ${args.run}`);
  if (run.task_id !== task.record.id) throw new InvalidInputError(`run ${run.id} belongs to task "${run.task_name}", not "${task.record.name}"`);
  const rater = raterOfRun(ctx.sql, run.id)!.name;
  const mapped = new Set(resolveJudge(ctx.sql, { run: run.id }).mapping.map((m) => m.question));
  if (args.question !== undefined && !task.schema.questions.some((q) => q.id === args.question)) {
    throw new NotFoundError(`no question "${args.question}" in task "${task.record.name}" (questions: ${task.schema.questions.map((q) => q.id).join(', ')})`);
  }
  if (args.question !== undefined && !mapped.has(args.question)) throw new InvalidInputError(`run ${run.id}'s judge does not answer "${args.question}"`);

  const report: CalibrationReport = {
    task: task.record.name,
    run: run.id,
    judge: rater,
    model: run.model,
    questions: [],
    skipped: [],
    itemIds: {},
    method: {
      intervals: 'normal-approximation 95% intervals from the non-null standard error of κ (Fleiss, Cohen & Everitt 1969)' + (args.bootstrap > 0 ? ', and percentile bootstrap intervals over units' : ''),
      bootstrap: args.bootstrap > 0 ? { resamples: args.bootstrap, seed: args.seed } : null,
      verdict: verdictMethod(settings),
      settings,
    },
  };
  for (const question of task.schema.questions) {
    if (args.question !== undefined && question.id !== args.question) continue;
    if (question.type === 'text') {
      report.skipped.push({ question: question.id, reason: 'a text question has no categories to agree on' });
      continue;
    }
    if (!mapped.has(question.id)) {
      report.skipped.push({ question: question.id, reason: 'the judge does not answer it' });
      continue;
    }
    for (const data of questionData(ctx.sql, task.record.id, question, [rater])) {
      report.questions.push(
        calibrateQuestion({
          ...data,
          judge: rater,
          ratings: data.ratings,
          bootstrap: { resamples: args.bootstrap, seed: args.seed },
          maxDisagreements: args.maxDisagreements,
          settings,
        }),
      );
    }
  }
  // A judge that answered no unit of a question has nothing to be measured by, whatever the humans did: say why (its calls failed), not that annotators are missing.
  const gaps = runGaps(run);
  for (const q of report.questions) {
    if (q.units > 0) continue;
    q.noAnswers = `the judge answered no unit${gaps ? ` (${gaps})` : ' of this question'}: ${gaps ? `retry the failed calls (resume run ${run.id})` : 'it gave no answer the question could take'}`;
    q.verdict = { ...q.verdict, verdict: 'insufficient', test: null, n: 0, message: `${VERDICT_TITLE.insufficient}: ${q.noAnswers}` };
  }
  report.itemIds = itemIdsOfUnits(
    taskItemNames(ctx.sql, task.record.id),
    report.questions.flatMap((q) => q.disagreements.map((d) => d.unit)),
  );
  return report;
}

/** What went wrong with a run's calls, or null when every call was answered: "30 of 30 calls failed, 0 unreadable". */
function runGaps(run: { units_total: number; calls_ok: number; calls_invalid: number; calls_failed: number }): string | null {
  const pending = Math.max(0, run.units_total - run.calls_ok - run.calls_invalid - run.calls_failed);
  if (run.calls_failed + run.calls_invalid + pending === 0) return null;
  const parts = [`${count(run.calls_failed)} of ${counted(run.units_total, 'call')} failed`];
  if (run.calls_invalid > 0) parts.push(`${count(run.calls_invalid)} unreadable`);
  if (pending > 0) parts.push(`${count(pending)} not sent yet`);
  return parts.join(', ');
}

/** The alt-test's scoring as set: one function, or the default by question type. */
function scoringText(scoring: AltTestScoring | undefined): string {
  if (scoring === 'accuracy') return 'accuracy on every question';
  if (scoring === 'neg-rmse') return 'neg-rmse on ordered questions, accuracy on the others';
  return 'neg-rmse on ordered questions, accuracy on the others (the default)';
}

/** How the verdict is reached, with every setting, for the report's method line. */
export function verdictMethod(s: CalibrationSettings): string {
  return (
    `can / cannot / not enough evidence, never from overlapping intervals. Three or more annotators: the alternative annotator test (Calderon, Reichart & Dror 2025; scoring ${scoringText(s.scoring)}, ε = ${decimal(s.epsilon, 2)}, ` +
    `Benjamini–Yekutieli q = ${decimal(s.q, 2)}, annotators with at least ${counted(s.minUnits, 'item')}; cannot when most annotators beat the judge by more than ε). Two annotators: non-inferiority of judge–human κ ` +
    `to human–human κ on the same units (margin ${decimal(s.margin, 2)}, paired percentile bootstrap of ${counted(s.resamples, 'resample')}, seed ${s.seed}; at least ${counted(s.minUnits, 'unit')}). ` +
    `A judge with one answer for every unit is never "can". Error rates: exact Clopper–Pearson 95% lower bounds, certified at ${decimal(s.certifyThreshold, 2)} when all reach it, not certified when some exact 95% upper bound is below it, otherwise not enough evidence; ` +
    `corrected pass rate: Rogan–Gladen (delta method) and prediction-powered inference, label budget for a half-width of ${decimal(s.targetHalfWidth, 2)}`
  );
}
