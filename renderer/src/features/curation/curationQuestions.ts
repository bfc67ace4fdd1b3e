import type { LabelSchema, Question } from '../../../../electron/api/labelSchemas';

/** A question curation can read validity from: about the whole item, with one answer per item. */
export type CurationQuestion = Extract<Question, { type: 'binary' | 'nominal' | 'ordinal' }>;

/** The task's questions curation can use, in schema order. */
export function curationQuestions(schema: LabelSchema): CurationQuestion[] {
  return schema.questions.filter((q): q is CurationQuestion => q.scope === 'item' && (q.type === 'binary' || q.type === 'nominal' || q.type === 'ordinal'));
}

/** The answers of a question, as stored values with their labels. */
export function answersOf(question: CurationQuestion): { value: string; label: string }[] {
  return question.type === 'ordinal' ? question.levels : question.options;
}

/**
 * The answer taken as valid unless one is picked: a yes/no question's first option (its positive
 * one), as `accord curate` takes it. A nominal or ordinal question has none, as in the CLI: the
 * first level of an ordinal scale is its worst (a plan-quality task opened curating by
 * "Extremely Bad"), so the lead picks the answer.
 */
export function defaultValidAnswer(question: CurationQuestion): string | null {
  return question.type === 'binary' ? question.options[0].value : null;
}
