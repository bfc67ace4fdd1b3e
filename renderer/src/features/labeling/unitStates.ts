import type { Question } from '../../../../electron/api/labelSchemas';
import { answerKey, isAnswered, type Answer } from './answers';
import type { UnitState } from './UnitPicker';

/**
 * How far each unit is labeled: `done` when every required per-unit question (every one, if
 * none is required) has an answer, or a rule decides the unit's answers (`decided`), `partial`
 * when some has, else `empty`.
 */
export function unitStates(units: readonly string[], questions: readonly Question[], answers: ReadonlyMap<string, Answer>, decided: ReadonlySet<string> = new Set()): Map<string, UnitState> {
  const needed = questions.some((q) => q.required) ? questions.filter((q) => q.required) : questions;
  return new Map(
    units.map((unit) => {
      const answered = (q: Question) => isAnswered(answers.get(answerKey(unit, q.id)));
      const state: UnitState = decided.has(unit) || (needed.length > 0 && needed.every(answered)) ? 'done' : questions.some(answered) ? 'partial' : 'empty';
      return [unit, state];
    }),
  );
}

/** Required answers still missing on an item: item-level questions, and per-unit questions on each unit. */
export function missingRequired(itemQuestions: readonly Question[], unitQuestions: readonly Question[], units: readonly string[], answers: ReadonlyMap<string, Answer>): number {
  const item = itemQuestions.filter((q) => q.required && !isAnswered(answers.get(answerKey('', q.id)))).length;
  const perUnit = unitQuestions.filter((q) => q.required).reduce((sum, q) => sum + units.filter((u) => !isAnswered(answers.get(answerKey(u, q.id)))).length, 0);
  return item + perUnit;
}
