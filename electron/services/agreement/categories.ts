import type { AgreementCategory } from '../../api/contract';
import type { Question } from '../../core/schemas/model';
import type { LevelSpec } from '../../core/stats';

/**
 * The levels the statistics use, with the labels the schema gives them for screens and
 * reports (`value` stays the stored name, as in exports). For a multilabel question, its tags.
 */
export function labelledCategories(question: Question, levels: readonly LevelSpec[]): AgreementCategory[] {
  const labels = new Map<string, string>();
  switch (question.type) {
    case 'binary':
    case 'nominal':
      for (const option of question.options) labels.set(option.value, option.label);
      break;
    case 'ordinal':
      for (const level of question.levels) labels.set(level.value, level.label);
      break;
    case 'score':
      for (const value of question.values) labels.set(String(value.value), value.label);
      break;
    case 'multilabel':
      for (const tag of question.tags) labels.set(tag.value, tag.label);
      break;
    case 'text':
      break;
  }
  return levels.map((level, i) => {
    const name = typeof level === 'string' ? level : level.name;
    const value = typeof level === 'string' ? i + 1 : (level.value ?? i + 1);
    return { name, label: labels.get(name) || name, value };
  });
}
