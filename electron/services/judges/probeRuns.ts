import type { JudgeProbes } from '../../api/contract';
import { raterOfRun, runById } from '../../../db/queries/judges';
import { itemPayload, taskItems } from '../../../db/queries/tasks';
import { lengthBias, rerunProbe, responseLength } from '../../core/judges/calibration/probes';
import { loadTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { questionData, taskItemNames } from './calibrationData';
import { resolveJudge } from './judgeSource';

/**
 * Stability and bias probes of judge runs on one question (issue 19 §6): across two or more
 * runs on the task, the flip rate and Fleiss' κ among them — reruns of one judge (stability)
 * or runs whose prompts differ (paraphrase); per run, Spearman's ρ between its score and the
 * response's length; what each run cost (requests sent; cached calls are free). Position swap
 * needs a pairwise judge, which Accord's judges are not: said so, not faked.
 *
 * @throws NotFoundError for an unknown task, run or question; InvalidInputError for a run of
 *   another task, a question some run's judge does not answer, or a text question.
 */
export function probeRuns(ctx: ServiceContext, args: { task: string | number; runs: number[]; question: string; resamples: number; seed: number }): JudgeProbes {
  const task = loadTask(ctx.sql, args.task);
  const question = task.schema.questions.find((q) => q.id === args.question);
  if (!question) throw new NotFoundError(`no question "${args.question}" in task "${task.record.name}" (questions: ${task.schema.questions.map((q) => q.id).join(', ')})`);
  if (question.type === 'text') throw new InvalidInputError(`"${question.id}" is a text question: there are no answers to compare`);
  const runs = [...new Set(args.runs)].map((id) => {
    const run = runById(ctx.sql, id);
    if (!run) throw new NotFoundError(`no judge run ${id}`);
    if (run.task_id !== task.record.id) throw new InvalidInputError(`run ${run.id} belongs to task "${run.task_name}", not "${task.record.name}"`);
    if (!resolveJudge(ctx.sql, { run: run.id }).mapping.some((m) => m.question === question.id)) throw new InvalidInputError(`run ${run.id}'s judge does not answer "${question.id}"`);
    return { run, rater: raterOfRun(ctx.sql, run.id)!.name };
  });
  const names = taskItemNames(ctx.sql, task.record.id);
  const lengthOf = new Map<string, number | null>();
  for (const item of taskItems(ctx.sql, task.record.id)) lengthOf.set(names.get(item.item_id)!, responseLength(item.kind, JSON.parse(itemPayload(ctx.sql, item.item_id) ?? 'null')));

  const results = questionData(ctx.sql, task.record.id, question, runs.map((r) => r.rater)).map((data) => {
    const valueOf = new Map(data.categories.map((c) => [c.name, c.value]));
    const answersOf = (rater: string) => new Map(data.ratings.filter((r) => r.rater === rater && r.value !== null && valueOf.has(r.value)).map((r) => [r.unit, r.value!]));
    const perRun = runs.map((r) => ({ run: r.run.id, answers: answersOf(r.rater) }));
    const bias = perRun.map(({ run, answers }) => {
      if (data.type === 'nominal') return { run, units: answers.size, rho: null, ci95: null, reason: 'the answers have no order to correlate with length' };
      const pairs = [...answers].flatMap(([unit, v]) => {
        const length = lengthOf.get(unit.slice(0, unit.lastIndexOf('|')));
        return length === null || length === undefined ? [] : [[valueOf.get(v)!, length] as const];
      });
      return { run, ...lengthBias(pairs) };
    });
    return { tag: data.tag, rerun: perRun.length >= 2 ? rerunProbe(perRun, data.categories, data.type, { resamples: args.resamples, seed: args.seed }) : null, lengthBias: bias };
  });
  // Stability: one judge version on one model, rerun. Paraphrase: one judge, reworded (its versions differ), one model.
  const versions = new Set(runs.map((r) => `${r.run.judge_name}@${r.run.judge_version}`));
  const judgeNames = new Set(runs.map((r) => r.run.judge_name));
  const models = new Set(runs.map((r) => r.run.model));
  const differs = [judgeNames.size > 1 ? `judges ${[...judgeNames].join(', ')}` : null, models.size > 1 ? `models ${[...models].join(', ')}` : null].filter((d) => d !== null);
  return {
    task: task.record.name,
    question: question.id,
    kind: runs.length < 2 ? null : differs.length > 0 ? 'mixed' : versions.size === 1 ? 'stability' : 'paraphrase',
    mixedBy: runs.length >= 2 && differs.length > 0 ? differs.join('; ') : null,
    runs: runs.map(({ run }) => ({ id: run.id, judge: run.judge_name, version: run.judge_version, model: run.model, requests: run.requests, cacheHits: run.cache_hits, units: run.units_total })),
    results,
    positionSwap: 'not applicable: Accord’s judges rate one response at a time; a position swap needs a pairwise judge',
  };
}
