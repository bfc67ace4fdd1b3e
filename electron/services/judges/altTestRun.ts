import { raterOfRun, runById } from '../../../db/queries/judges';
import type { RunAltTest } from '../../api/contract';
import { altTest, type AltTestScoring } from '../../core/judges/calibration/altTest';
import { loadTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { questionData } from './calibrationData';
import { resolveJudge } from './judgeSource';


/**
 * The alternative annotator test (core `altTest`) of a run's labels against the task's
 * submitted human labels on one question. Accuracy compares answers; neg-rmse compares the
 * answers' scale values (ordinal and score questions), the default for them.
 *
 * @throws NotFoundError for an unknown task, run or question; InvalidInputError for a run of
 *   another task, a question the judge does not answer, or neg-rmse on unordered answers.
 */
export function runAltTest(
  ctx: ServiceContext,
  args: { task: string | number; run: number; question: string; scoring?: AltTestScoring; epsilon: number; q: number; minRatersPerItem: number; minItemsPerRater: number },
): RunAltTest {
  const task = loadTask(ctx.sql, args.task);
  const run = runById(ctx.sql, args.run);
  if (!run) throw new NotFoundError(`no judge run ${args.run}`);
  if (run.task_id !== task.record.id) throw new InvalidInputError(`run ${run.id} belongs to task "${run.task_name}", not "${task.record.name}"`);
  const question = task.schema.questions.find((q) => q.id === args.question);
  if (!question) throw new NotFoundError(`no question "${args.question}" in task "${task.record.name}" (questions: ${task.schema.questions.map((q) => q.id).join(', ')})`);
  if (question.type === 'text') throw new InvalidInputError(`"${question.id}" is a text question: there are no answers to compare`);
  if (!resolveJudge(ctx.sql, { run: run.id }).mapping.some((m) => m.question === question.id)) throw new InvalidInputError(`run ${run.id}'s judge does not answer "${question.id}"`);
  const rater = raterOfRun(ctx.sql, run.id)!.name;
  const results = questionData(ctx.sql, task.record.id, question, [rater]).map((data) => {
    const ordered = data.type === 'ordinal' || data.type === 'interval';
    const scoring = args.scoring ?? (ordered ? 'neg-rmse' : 'accuracy');
    if (scoring === 'neg-rmse' && !ordered) throw new InvalidInputError(`neg-rmse needs ordered answers; "${question.id}" is ${data.type} — use --scoring accuracy`);
    const valueOf = new Map(data.categories.map((c) => [c.name, c.value]));
    const value = (name: string) => (scoring === 'neg-rmse' ? (valueOf.get(name) as number) : name);
    const known = data.ratings.filter((r) => r.value !== null && valueOf.has(r.value));
    return {
      tag: data.tag,
      result: altTest({
        humans: known.filter((r) => r.raterKind === 'human').map((r) => ({ unit: r.unit, rater: r.rater, value: value(r.value!) })),
        judge: known.filter((r) => r.rater === rater).map((r) => ({ unit: r.unit, value: value(r.value!) })),
        scoring,
        epsilon: args.epsilon,
        q: args.q,
        minRatersPerItem: args.minRatersPerItem,
        minItemsPerRater: args.minItemsPerRater,
      }),
    };
  });
  return { task: task.record.name, run: run.id, judge: rater, question: question.id, results };
}
