import { goldOfTask } from '../../../db/queries/gold';
import { labelQueries, type LabelRecord } from '../../../db/queries/labels';
import { itemPayload, taskItems } from '../../../db/queries/tasks';
import type { SopReviewReport, SopReviewSource, SopRuledSession } from '../../api/methods/sopReview';
import type { Conversation } from '../../core/formats/conversations/model';
import type { SopExecution } from '../../core/formats/sopSessions/model';
import { findQuestion } from '../../core/schemas/model';
import { parseUnitKey } from '../../core/schemas/unitKeys';
import { sopReviewFigures, type ReviewedSession, type StepMark } from '../../core/sopReview/sopReviewFigures';
import { loadTask, requireAnnotator, type LoadedTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError } from '../errors';

/** The per-step questions the report reads (the `agent-s-step-review` preset asks them). */
const QUESTIONS = ['state', 'action'] as const;
type StepQuestion = (typeof QUESTIONS)[number];

export const DEFINITIONS: SopReviewReport['definitions'] = {
  state: 'state accuracy = steps where the agent was in the right SOP state ÷ steps with a settled state mark (steps incorrect by rule count as wrong)',
  action: 'action accuracy = steps where the agent chose the right action ÷ steps whose state was correct and whose action is settled',
  rule: 'once the agent continued past a failed step (the next step neither repeats the failed action nor consults external knowledge), every later step of the session is incorrect, whatever is marked',
  marks: 'a step counts with the gold answer where an adjudicator set one, else with the answer every human rater gave; raters who differ leave the step out (disagreed), as do steps nobody marked',
};

/**
 * The Agent-S review report of a task (`sopReview.report`): reads the task's Agent-S sessions
 * and their `state` / `action` marks per turn, settles each step's marks (see
 * {@link DEFINITIONS}), and computes the figures in core.
 *
 * @throws InvalidInputError when the task's schema does not ask both questions per turn.
 */
export function sopReviewReport(ctx: ServiceContext, args: { task: string | number; rater?: string }): SopReviewReport {
  const task = loadTask(ctx.sql, args.task);
  requireStepQuestions(task);
  const source: SopReviewSource = args.rater === undefined ? { kind: 'consensus' } : { kind: 'rater', rater: requireAnnotator(ctx.sql, args.rater).name };
  const labels = labelQueries(ctx.sql)
    .ofTask(task.record.id)
    .filter((l) => l.rater_kind === 'human' && (QUESTIONS as readonly string[]).includes(l.question));
  const raters = [...new Set(labels.map((l) => l.rater))].sort();
  const gold = source.kind === 'consensus' ? goldOfTask(ctx.sql, task.record.id).filter((g) => (QUESTIONS as readonly string[]).includes(g.question)) : [];

  const sessions: ReviewedSession[] = [];
  const ruled: SopRuledSession[] = [];
  let otherItems = 0;
  for (const item of taskItems(ctx.sql, task.record.id)) {
    const execution = executionOf(itemPayload(ctx.sql, item.item_id));
    if (execution === null) {
      otherItems++;
      continue;
    }
    const itemLabels = labels.filter((l) => l.item_id === item.item_id && (source.kind === 'consensus' || l.rater === source.rater));
    const itemGold = gold.filter((g) => g.item_id === item.item_id);
    const marks = new Map<number, { state: StepMark; action: StepMark }>();
    for (const step of execution.steps) {
      const unit = `turn:${step.index}`;
      const settle = (question: StepQuestion): StepMark => {
        const decided = itemGold.find((g) => g.unit === unit && g.question === question && g.na === 0 && g.value !== null);
        if (decided) return markOf(decided.value);
        return settled(itemLabels.filter((l) => l.unit === unit && l.question === question));
      };
      marks.set(step.index, { state: settle('state'), action: settle('action') });
    }
    sessions.push({ sessionId: execution.sessionId, sopId: execution.sopId, model: execution.model, stepCount: execution.steps.length, ruledSteps: execution.rule.ruledSteps, marks });
    if (execution.rule.failedStep !== null) {
      ruled.push({
        itemId: item.item_id,
        sessionId: execution.sessionId,
        sopId: execution.sopId,
        model: execution.model,
        failedStep: execution.rule.failedStep + 1,
        ruledSteps: execution.rule.ruledSteps.map((s) => s + 1),
        reason: execution.rule.reason ?? '',
      });
    }
  }
  return { task: task.record.name, source, raters, sessions: sessions.length, otherItems, figures: sopReviewFigures(sessions), ruled, definitions: DEFINITIONS };
}

function requireStepQuestions(task: LoadedTask): void {
  const missing = QUESTIONS.filter((id) => {
    const question = findQuestion(task.schema, id);
    return question?.scope !== 'turn' || question.type !== 'binary';
  });
  if (missing.length > 0) {
    throw new InvalidInputError(
      `task "${task.record.name}" does not ask ${missing.map((m) => `"${m}"`).join(' and ')} per step as a correct/incorrect question; ` +
        'create it with the agent-s-step-review schema (accord task create --schema agent-s-step-review)',
    );
  }
}

function executionOf(payload: string | undefined): SopExecution | null {
  if (payload === undefined) return null;
  const parsed = JSON.parse(payload) as Partial<Conversation> | null;
  return parsed?.sopExecution ?? null;
}

/** A stored label value (JSON text) as a mark; anything but the two answers counts as none. */
function markOf(value: string | null): StepMark {
  if (value === null) return null;
  const parsed = JSON.parse(value) as unknown;
  return parsed === 'correct' || parsed === 'incorrect' ? parsed : null;
}

/** The one answer the raters gave, `disagreed` when they differ, null when nobody answered. */
function settled(labels: readonly LabelRecord[]): StepMark {
  const answers = new Set(labels.filter((l) => l.na === 0 && parseUnitKey(l.unit) !== null).map((l) => markOf(l.value)).filter((m) => m !== null));
  if (answers.size === 0) return null;
  return answers.size === 1 ? [...answers][0]! : 'disagreed';
}
