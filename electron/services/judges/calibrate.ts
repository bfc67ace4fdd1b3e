import type { CalibrationReport } from '../../api/contract';
import { raterOfRun, runById } from '../../../db/queries/judges';
import { calibrateQuestion } from '../../core/judges/calibration/calibrationReport';
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
  args: { task: string | number; run: number; question?: string; bootstrap: number; seed: number; maxDisagreements: number },
): CalibrationReport {
  const task = loadTask(ctx.db, args.task);
  const run = runById(ctx.db, args.run);
  if (!run) throw new NotFoundError(`no judge run ${args.run}`);
  if (run.task_id !== task.record.id) throw new InvalidInputError(`run ${run.id} belongs to task "${run.task_name}", not "${task.record.name}"`);
  const rater = raterOfRun(ctx.db, run.id)!.name;
  const mapped = new Set(resolveJudge(ctx.db, { run: run.id }).mapping.map((m) => m.question));
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
      verdict: 'within: the judge’s mean κ against the annotators lies inside the span of the annotator pairs’ 95% intervals, on the units the judge answered',
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
    for (const data of questionData(ctx.db, task.record.id, question, [rater])) {
      report.questions.push(
        calibrateQuestion({
          ...data,
          judge: rater,
          ratings: data.ratings,
          bootstrap: { resamples: args.bootstrap, seed: args.seed },
          maxDisagreements: args.maxDisagreements,
        }),
      );
    }
  }
  report.itemIds = itemIdsOfUnits(
    taskItemNames(ctx.db, task.record.id),
    report.questions.flatMap((q) => q.disagreements.map((d) => d.unit)),
  );
  return report;
}
