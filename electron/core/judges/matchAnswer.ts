import { checkAnswer, type AnswerCheck } from '../schemas/labelValue';
import type { Choice, LabelValue, Question } from '../schemas/model';

/** Answers a model may write for "not applicable" (matched case-insensitively). */
const NA_WORDS = new Set(['n/a', 'na', 'not applicable', 'none']);

const normal = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : String(value));

/**
 * Turns what a model wrote into an answer to `question`, in canonical form.
 *
 * Tried in order: the judge's value map (keys matched trimmed and case-insensitively, a null
 * entry meaning N/A); null or a word for N/A where the question allows it; then the question's
 * own vocabulary — a choice's value or label in any case, `true`/`false` for the first/second
 * option of a binary question, a level's number for an ordinal one, a numeric string for a
 * score, and for tags a list (or a `,`/`;`-separated string) of tag values or labels.
 *
 * @example matchAnswer(overallQuality, 6) // { ok: true, value: 'Very Good', na: false }
 * @example matchAnswer(overallQuality, 'very good') // { ok: true, value: 'Very Good', na: false }
 */
export function matchAnswer(question: Question, raw: unknown, valueMap?: Record<string, LabelValue | null>): AnswerCheck {
  if (valueMap && raw !== null && raw !== undefined && !Array.isArray(raw)) {
    const key = normal(raw);
    const entry = Object.entries(valueMap).find(([k]) => normal(k) === key);
    if (entry) return entry[1] === null ? checkAnswer(question, null, true) : checkAnswer(question, entry[1]);
  }
  if (raw === undefined) return { ok: false, message: `${question.id}: the answer is missing` };
  if (raw === null || (typeof raw === 'string' && NA_WORDS.has(normal(raw)) && question.type !== 'text')) {
    if (question.allowNA) return checkAnswer(question, null, true);
    // "No tags" is an answer to a tag question, not a missing one.
    if (question.type === 'multilabel') return checkAnswer(question, []);
    return { ok: false, message: `${question.id}: ${JSON.stringify(raw)} is not an answer (the question does not allow N/A)` };
  }
  switch (question.type) {
    case 'binary': {
      if (typeof raw === 'boolean') return checkAnswer(question, question.options[raw ? 0 : 1].value);
      return checkAnswer(question, choiceValue(question.options, raw) ?? raw);
    }
    case 'nominal':
      return checkAnswer(question, choiceValue(question.options, raw) ?? raw);
    case 'ordinal': {
      const byName = choiceValue(question.levels, raw);
      if (byName !== undefined) return checkAnswer(question, byName);
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      const level = question.levels.find((l) => l.numeric === number);
      return checkAnswer(question, level ? level.value : raw);
    }
    case 'score':
      return checkAnswer(question, raw);
    case 'multilabel': {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,;]/).map((t) => t.trim()).filter(Boolean) : raw;
      if (!Array.isArray(list)) return checkAnswer(question, list);
      const mapped = list.map((tag) => {
        if (valueMap) {
          const entry = Object.entries(valueMap).find(([k]) => normal(k) === normal(tag));
          if (entry && typeof entry[1] === 'string') return entry[1];
        }
        return choiceValue(question.tags, tag) ?? tag;
      });
      return checkAnswer(question, mapped);
    }
    case 'text':
      return checkAnswer(question, typeof raw === 'string' ? raw : JSON.stringify(raw));
  }
}

/** The value of the choice whose value or label matches `raw` in any case; undefined when none does. */
function choiceValue(choices: readonly Choice[], raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const key = normal(raw);
  return (choices.find((c) => normal(c.value) === key) ?? choices.find((c) => normal(c.label) === key))?.value;
}
