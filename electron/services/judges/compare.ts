import type { RunComparison } from '../../api/contract';
import { judgeTaskItems, raterOfRun, runById } from '../../../db/queries/judges';
import { compareQuestion, rankSystems } from '../../core/judges/calibration/compareRuns';
import { loadTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { itemIdsOfUnits, questionData, taskItemNames } from './calibrationData';
import { resolveJudge } from './judgeSource';

/**
 * Two runs of the same task compared (see `judges.compare`): per question, what the second run
 * fixed or regressed against gold and how far the runs agree; per ordered question, the systems
 * named by metadata field `by` ranked by each run, with Spearman's ρ.
 *
 * @throws NotFoundError for an unknown run; InvalidInputError for one run twice, or runs of different tasks.
 */
export function compareRuns(ctx: ServiceContext, args: { runA: number; runB: number; question?: string; by: string }): RunComparison {
  const runA = runById(ctx.sql, args.runA);
  const runB = runById(ctx.sql, args.runB);
  if (!runA) throw new NotFoundError(`no judge run ${args.runA}`);
  if (!runB) throw new NotFoundError(`no judge run ${args.runB}`);
  if (runA.id === runB.id) throw new InvalidInputError(`run ${runA.id} compared with itself: give two different runs of the task`);
  if (runA.task_id !== runB.task_id) throw new InvalidInputError(`run ${runA.id} is on task "${runA.task_name}" and run ${runB.id} on "${runB.task_name}"; compare runs of one task`);
  const task = loadTask(ctx.sql, runA.task_id);
  const raterA = raterOfRun(ctx.sql, runA.id)!.name;
  const raterB = raterOfRun(ctx.sql, runB.id)!.name;
  const mappedA = new Set(resolveJudge(ctx.sql, { run: runA.id }).mapping.map((m) => m.question));
  const mappedB = new Set(resolveJudge(ctx.sql, { run: runB.id }).mapping.map((m) => m.question));
  const system = new Map(
    judgeTaskItems(ctx.sql, task.record.id).map((row) => {
      const value = (JSON.parse(row.metadata) as Record<string, unknown>)[args.by];
      return [row.item_id, value === undefined || value === null ? null : String(value)];
    }),
  );

  const comparison: RunComparison = {
    runA: { id: runA.id, rater: raterA, model: runA.model, judge: `${runA.judge_name}@${runA.judge_version}` },
    runB: { id: runB.id, rater: raterB, model: runB.model, judge: `${runB.judge_name}@${runB.judge_version}` },
    task: task.record.name,
    questions: [],
    rankings: [],
    skipped: [],
    itemIds: {},
  };
  for (const question of task.schema.questions) {
    if (args.question !== undefined && question.id !== args.question) continue;
    if (question.type === 'text') continue;
    if (!mappedA.has(question.id) || !mappedB.has(question.id)) {
      comparison.skipped.push({ question: question.id, reason: `not answered by ${!mappedA.has(question.id) ? `run ${runA.id}` : `run ${runB.id}`}` });
      continue;
    }
    const parts = questionData(ctx.sql, task.record.id, question, [raterA, raterB]);
    for (const data of parts) {
      const ratings = data.ratings.filter((r) => r.rater === raterA || r.rater === raterB);
      comparison.questions.push(
        compareQuestion({ question: data.question, tag: data.tag, type: data.type, categories: data.categories, a: raterA, b: raterB, ratings, gold: new Map(data.gold.map((g) => [g.unit, g.value])), runNames: [`run ${runA.id}`, `run ${runB.id}`] }),
      );
    }
    if (question.type === 'binary' || question.type === 'ordinal' || question.type === 'score') {
      const data = parts[0];
      const valueOf = new Map(data.categories.map((c) => [c.name, c.value]));
      const scores = data.ratings.flatMap((r) => {
        const s = system.get(r.itemId);
        const v = r.value === null ? undefined : valueOf.get(r.value);
        if (s === null || s === undefined || v === undefined || (r.rater !== raterA && r.rater !== raterB)) return [];
        return [{ system: s, run: r.rater === raterA ? ('a' as const) : ('b' as const), score: v }];
      });
      if (scores.length > 0) comparison.rankings.push(rankSystems(question.id, args.by, scores));
    }
  }
  comparison.itemIds = itemIdsOfUnits(
    taskItemNames(ctx.sql, task.record.id),
    comparison.questions.flatMap((q) => [...q.fixed, ...q.regressed]),
  );
  return comparison;
}
