import type { LabelView } from '../../../../electron/api/contract';
import type { LabelValue, MultilabelQuestion, Question } from '../../../../electron/api/labelSchemas';

/** One answer as the labeling screen holds it: a value or N/A, with the rationale. */
export interface Answer {
  value: LabelValue | null;
  na: boolean;
  rationale: string | null;
}

/** The key of an answer inside an item: unit (`''` for the whole item) and question. */
export function answerKey(unit: string, question: string): string {
  return `${unit}\u0000${question}`;
}

/** Labels as a map by {@link answerKey}. */
export function answersOf(labels: readonly LabelView[]): Map<string, Answer> {
  return new Map(labels.map((l) => [answerKey(l.unit, l.question), { value: l.value, na: l.na, rationale: l.rationale }]));
}

/** The tags of a multilabel answer after toggling one, in the schema's order (as the service stores them). */
export function toggleTag(question: MultilabelQuestion, current: LabelValue | null, tag: string): string[] {
  const chosen = new Set(Array.isArray(current) ? current : []);
  if (chosen.has(tag)) chosen.delete(tag);
  else chosen.add(tag);
  return question.tags.map((t) => t.value).filter((v) => chosen.has(v));
}

/** Whether an answer counts as given (an empty tag list does: "none of these" is an answer). */
export function isAnswered(answer: Answer | undefined): boolean {
  return !!answer && (answer.na || answer.value !== null);
}

/** An answer in words: level and option labels, tag labels joined, `N/A`, or `—`. */
export function answerText(question: Question, answer: Pick<Answer, 'value' | 'na'> | undefined): string {
  if (!answer || (!answer.na && answer.value === null)) return '—';
  if (answer.na) return 'N/A';
  const value = answer.value!;
  switch (question.type) {
    case 'binary':
    case 'nominal':
      return question.options.find((o) => o.value === value)?.label ?? String(value);
    case 'ordinal':
      return question.levels.find((l) => l.value === value)?.label ?? String(value);
    case 'multilabel': {
      const tags = Array.isArray(value) ? value : [];
      return tags.length === 0 ? 'no tags' : tags.map((t) => question.tags.find((x) => x.value === t)?.label ?? t).join(', ');
    }
    case 'score':
      return question.values.find((v) => v.value === value)?.label ?? String(value);
    case 'text':
      return String(value);
  }
}
