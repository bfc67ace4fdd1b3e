import type { ArgsOf, RaterPairAgreement } from '../../api/contract';
import { loadTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { analyseQuestion } from './analyseQuestion';
import { resolveSelection } from './selection';
import { requireQuestion } from './taskAgreement';

/**
 * `agreement.pair`: one rater pair of a question, as the question's own analysis computes it
 * (a pair's figures rest on the units both rated, whoever else rated them), by analysing the two
 * raters alone on the same selection, without a bootstrap. What a crowd's confusion-matrix view
 * asks for, one pair at a time, instead of every pair in `agreement.question`'s answer.
 *
 * @throws NotFoundError for an unknown task, question or tag, or a rater with no answer to the
 *   question in the selection; InvalidInputError for a text question, or a tag missing (multilabel)
 *   or given (single-label).
 */
export function raterPairAgreement(ctx: ServiceContext, args: ArgsOf<'agreement.pair'>): RaterPairAgreement {
  const task = loadTask(ctx.sql, args.task);
  const question = requireQuestion(task, args.question);
  const tags = question.type === 'multilabel' ? question.tags.map((t) => t.value).join(', ') : null;
  if (tags !== null && args.tag === undefined) throw new InvalidInputError(`${question.id} is a multilabel question: its pairs are compared tag by tag; say which tag (${tags})`);
  if (tags === null && args.tag !== undefined) throw new InvalidInputError(`${question.id} has no tags; leave out tag "${args.tag}"`);
  const compared = { ...args, raters: [...args.pair] };
  const selection = resolveSelection(ctx.sql, task.record.id, compared);
  const analysis = analyseQuestion(ctx.sql, task.record.id, question, selection, { ...compared, bootstrap: 0, seed: 1, maxDisagreements: 0 });
  const silent = args.pair.filter((rater) => !analysis.row.raters.includes(rater));
  if (silent.length > 0) {
    throw new NotFoundError(`${silent.join(' and ')} gave no ${args.includeJudges ? '' : 'submitted '}answer to ${question.id} in this selection of task "${task.record.name}"`);
  }
  if (args.tag === undefined) return { pair: analysis.report!.pairs[0], tag: null };
  const tag = analysis.tags?.find((t) => t.tag === args.tag);
  if (!tag) throw new NotFoundError(`no tag "${args.tag}" in ${question.id} (tags: ${tags})`);
  return { pair: tag.report.pairs[0], tag: tag.tag };
}
