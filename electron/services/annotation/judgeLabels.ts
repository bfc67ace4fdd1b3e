import { ensureJudgeRater, type RaterRecord } from '../../../db/queries/annotators';
import { labelQueries } from '../../../db/queries/labels';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import { checkAnswer } from '../../core/schemas/labelValue';
import type { LabelValue } from '../../core/schemas/model';
import { InvalidInputError } from '../errors';
import { applyLabelChange } from './labelWriter';
import { checkUnit, loadTask, requireQuestion, requireTaskItem, toStored } from './taskContext';

/** The rater of a judge run (created on first need); its labels are hidden from annotators like any other rater's. */
export function judgeRater(db: AnyDb, name: string, judgeRunId: number | null): RaterRecord {
  return ensureJudgeRater(db, name, judgeRunId);
}

/** One judge answer to record. */
export interface JudgeLabel {
  task: string | number;
  itemId: number;
  /** Unit key: `''`, `node:<id>`, `step:<id>`, `turn:<index>`. */
  unit: string;
  question: string;
  raterId: number;
  value: LabelValue | null;
  na?: boolean;
  rationale?: string | null;
}

/**
 * Records a judge's answer as a label of its rater (source `judge`), checked against the
 * task's schema like a human's. Call inside the caller's write (`ctx.sqlWrite`):
 * a judge run writes many labels at once.
 *
 * @throws InvalidInputError for a value the question does not allow; NotFoundError for an
 *   unknown task or an item outside it.
 */
export function recordJudgeLabel(db: AnyDb, label: JudgeLabel): { changed: boolean } {
  const task = loadTask(db, label.task);
  const question = requireQuestion(task, label.question);
  const item = requireTaskItem(db, task, label.itemId);
  checkUnit(question, label.unit, item, question.scope === 'item' ? null : JSON.parse(item.payload));
  const check = checkAnswer(question, label.value, label.na ?? false);
  if (!check.ok) throw new InvalidInputError(check.message);
  const key = { taskId: task.record.id, itemId: item.item_id, unit: label.unit, question: question.id, raterId: label.raterId };
  const { changed } = applyLabelChange(labelQueries(db), { key, answer: toStored(check, label.rationale), action: 'set', source: 'judge', visibleRaters: null, secondsSpent: 0 });
  return { changed };
}
