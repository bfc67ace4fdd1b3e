import type { Answer } from './labelValue';
import type { Question } from './model';

/**
 * One category of a question's universe, in scale order, with the numeric value weighted
 * statistics use (the shape `core/stats` takes as a level: `{ name, value }`).
 */
export interface Category {
  name: string;
  value: number;
}

/** The two categories of one tag of a multilabel question, analysed as its own binary question. */
export const TAG_CATEGORIES: readonly Category[] = [
  { name: 'absent', value: 0 },
  { name: 'present', value: 1 },
];

/**
 * The category universe of a question, from the schema (never from observed values, DESIGN.md
 * §5): binary options (positive = 1, negative = 0), ordinal levels with their numeric values,
 * nominal options (position), score values (the score itself, named as written, e.g. `0.5`).
 * A multilabel question's categories are its tags (position); agreement on it is computed per
 * tag over {@link TAG_CATEGORIES}.
 *
 * @throws Error for a text question, which has no categories.
 */
export function categoriesOf(question: Question): Category[] {
  switch (question.type) {
    case 'binary':
      return [
        { name: question.options[0].value, value: 1 },
        { name: question.options[1].value, value: 0 },
      ];
    case 'ordinal':
      return question.levels.map((l) => ({ name: l.value, value: l.numeric }));
    case 'nominal':
      return question.options.map((o, i) => ({ name: o.value, value: i + 1 }));
    case 'multilabel':
      return question.tags.map((t, i) => ({ name: t.value, value: i + 1 }));
    case 'score':
      return question.values.map((v) => ({ name: String(v.value), value: v.value }));
    case 'text':
      throw new Error(`${question.id} is a text question; it has no categories to agree on`);
  }
}

/**
 * An answer as an agreement category name: the choice's value, a score as written
 * (`0.5`), a tag set joined with `;`; null for N/A (not rated).
 */
export function categoryOf(answer: Answer): string | null {
  if (answer.na || answer.value === null) return null;
  return Array.isArray(answer.value) ? answer.value.join(';') : String(answer.value);
}
