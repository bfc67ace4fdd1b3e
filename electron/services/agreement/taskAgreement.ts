import type { AgreementMethods, AgreementSelectionInfo, AgreementTaskRef, QuestionAgreement, QuestionAgreementRow, QuestionReport, TaskAgreement } from '../../api/contract';
import type { Question } from '../../core/schemas/model';
import type { GwetVariance } from '../../core/stats';
import { compareNames } from '../../common/personName';
import { CROWD_RATERS } from '../../common/raterList';
import { loadTask, type LoadedTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { analyseQuestion, type QuestionOptions } from './analyseQuestion';
import { headlineForTaskRaters } from './headline';
import { agreementMethods } from './methods';
import { agreementKindOf } from './questionKind';
import { resolveSelection, revisedLabelCount, type ResolvedSelection, type SelectionArgs } from './selection';
import type { QuestionAnalysis } from './singleLabel';

/** The arguments every agreement method shares (see `agreementMethods` in the API). */
export interface AgreementArgs extends SelectionArgs {
  task: string | number;
  bootstrap: number;
  seed: number;
  gwetVariance?: GwetVariance;
  alphaThreshold?: number;
  jobId?: string;
}

/** Every analysed question of a task, with what the reports need around them. */
export interface TaskAnalysis {
  task: AgreementTaskRef;
  selection: AgreementSelectionInfo;
  methods: AgreementMethods;
  raters: string[];
  questions: { question: Question; analysis: QuestionAnalysis }[];
  skipped: TaskAgreement['skipped'];
}

/**
 * Analyses the questions of a task (all of them, or `only`) over a selection, as a job:
 * progress after each question, a yield to the event loop between questions so other calls
 * are answered, and `jobs.cancel` honoured between questions (a bootstrap of one question
 * takes well under two seconds even on 100,000 units).
 *
 * @throws NotFoundError for an unknown task or question (naming the questions there are).
 * Who may look is the contract's rule (adjudicators and leads), checked in dispatch.
 */
export async function analyseTask(ctx: ServiceContext, args: AgreementArgs, only?: readonly string[], maxDisagreements = 500): Promise<TaskAnalysis> {
  const task = loadTask(ctx.sql, args.task);
  for (const id of only ?? []) requireQuestion(task, id);
  const wanted = task.schema.questions.filter((q) => only === undefined || only.includes(q.id));
  const analysable = wanted.filter((q) => agreementKindOf(q) !== null);
  const skipped = wanted
    .filter((q) => agreementKindOf(q) === null)
    .map((q) => ({ question: q.id, title: q.title, reason: 'a text question has no categories to agree on' }));
  const selection = resolveSelection(ctx.sql, task.record.id, args);
  const options: QuestionOptions = { ...args, maxDisagreements };

  // Named as work and counted in questions: "Agreement on "review": 0% (0 of 3)" read like an agreement of 0%.
  const job = ctx.jobs.start(`Computing agreement on "${task.record.name}"`, args.jobId, 'questions');
  const questions: TaskAnalysis['questions'] = [];
  const judgesSeen = new Set<string>();
  try {
    job.report(0, analysable.length);
    for (const question of analysable) {
      await new Promise((resolve) => setImmediate(resolve));
      if (job.signal.aborted) throw new Error('cancelled');
      const analysis = analyseQuestion(ctx.sql, task.record.id, question, selection, options, judgesSeen);
      const beside = besideFigures(ctx, task.record.id, question, selection, options);
      questions.push({ question, analysis: beside ? { ...analysis, row: { ...analysis.row, beside } } : analysis });
      job.report(questions.length, analysable.length);
    }
  } finally {
    job.finish();
  }
  const raters = [...new Set(questions.flatMap((q) => q.analysis.row.raters))];
  for (const q of questions) q.analysis = { ...q.analysis, row: headlineForTaskRaters(q.analysis.row, raters.length) };
  const rows = questions.map((q) => q.analysis.row);
  const info = args.includeJudges ? { ...selection.info, judgeRaters: [...judgesSeen].sort(compareNames) } : selection.info;
  return {
    task: taskRefOf(task),
    selection: info,
    methods: agreementMethods(rows, info, args),
    raters,
    questions,
    skipped,
  };
}

/** The task's question `id`. @throws NotFoundError naming the questions there are. */
export function requireQuestion(task: LoadedTask, id: string): Question {
  const question = task.schema.questions.find((q) => q.id === id);
  if (!question) throw new NotFoundError(`no question "${id}" in task "${task.record.name}" (questions: ${task.schema.questions.map((q) => q.id).join(', ')})`);
  return question;
}

/** `agreement.summary`: one row per question. */
export async function taskAgreement(ctx: ServiceContext, args: AgreementArgs): Promise<TaskAgreement> {
  const analysis = await analyseTask(ctx, args, undefined, 0);
  return {
    task: analysis.task,
    selection: analysis.selection,
    methods: analysis.methods,
    raters: analysis.raters,
    questions: analysis.questions.map((q) => q.analysis.row),
    skipped: analysis.skipped,
  };
}

/** `agreement.question`: one question with every drill-down. */
export async function questionAgreement(ctx: ServiceContext, args: AgreementArgs & { question: string; maxDisagreements: number }): Promise<QuestionAgreement> {
  const analysis = await analyseTask(ctx, args, [args.question], args.maxDisagreements);
  const entry = analysis.questions[0];
  if (!entry) throw new InvalidInputError(`${args.question} is a text question; agreement needs categories`);
  return {
    task: analysis.task,
    selection: analysis.selection,
    methods: analysis.methods,
    description: entry.question.description,
    ...withoutCrowdPairs(entry.analysis),
  };
}

/**
 * A crowd's analysis without its rater pairs: 120 raters make 7,140 pairs, each with a dozen
 * figures and a confusion matrix (10 MB of a 13 MB answer; per tag for a multilabel question),
 * of which a screen shows one at a time (`agreement.pair`). The analysis still computes them:
 * the crowd summary rests on every pair. A few raters' pairs stay: they make a small table.
 */
function withoutCrowdPairs(analysis: QuestionAnalysis): QuestionAnalysis & { pairsOnRequest?: true } {
  if (analysis.row.raters.length <= CROWD_RATERS) return analysis;
  // The reports' rater matrix is the question's raterMatrix (or, per tag, shown nowhere): 1.3 MB each for 120 raters.
  const slim = ({ raterMatrix: _matrix, ...report }: QuestionReport): QuestionReport => ({ ...report, pairs: [] });
  return {
    ...analysis,
    report: analysis.report && slim(analysis.report),
    tags: analysis.tags && analysis.tags.map((tag) => ({ ...tag, report: slim(tag.report) })),
    pairsOnRequest: true,
  };
}

/**
 * Where labels of the question were revised after discussion (issue 13), the headline figures
 * on the other labels (revised beside originals, or the other way round), without a bootstrap:
 * the row's own figures carry the intervals.
 */
function besideFigures(ctx: ServiceContext, taskId: number, question: Question, selection: ResolvedSelection, options: QuestionOptions): QuestionAgreementRow['beside'] {
  const revisedLabels = revisedLabelCount(ctx.sql, taskId, new Set(selection.items.map((i) => i.item_id)), question.id);
  if (revisedLabels === 0) return undefined;
  const labels = options.labels === 'revised' ? 'original' : 'revised';
  const { row } = analyseQuestion(ctx.sql, taskId, question, selection, { ...options, labels, bootstrap: 0, maxDisagreements: 0 });
  return { labels, revisedLabels, percentAgreement: row.percentAgreement, value: row.headline.value, judgement: row.headline.judgement };
}

function taskRefOf(task: LoadedTask): AgreementTaskRef {
  return {
    id: task.record.id,
    name: task.record.name,
    schemaId: task.record.schema_id,
    schemaTitle: task.schema.title,
    schemaVersion: task.record.schema_version,
  };
}
