import type { LabelValue, Question } from './model';
import { NA_TEXT } from './schemaJson';

/** A checked answer: a value in canonical form, or N/A (`value: null`). */
export interface Answer {
  value: LabelValue | null;
  na: boolean;
}

/** The outcome of checking an answer against its question. */
export type AnswerCheck = ({ ok: true } & Answer) | { ok: false; message: string };

const quoteList = (values: readonly (string | number)[]) => values.map((v) => `"${v}"`).join(', ');

/** The values a question accepts, for messages (`"pass", "fail"`). */
export function allowedValuesText(question: Question): string {
  switch (question.type) {
    case 'binary':
    case 'nominal':
      return quoteList(question.options.map((o) => o.value));
    case 'ordinal':
      return quoteList(question.levels.map((l) => l.value));
    case 'multilabel':
      return `any of ${quoteList(question.tags.map((t) => t.value))}`;
    case 'score':
      return question.values.map((v) => v.value).join(', ');
    case 'text':
      return `text up to ${question.maxLength} characters`;
  }
}

/**
 * Checks an answer against its question and puts it in canonical form: multilabel tags
 * without repeats, in the schema's order; a score as a number (a numeric string is accepted).
 * N/A is an answer only where the question allows it, and then carries no value.
 *
 * @example checkAnswer(stepTags, ['complex_prompt', 'incorrect_tool']) // { ok: true, value: ['incorrect_tool', 'complex_prompt'], na: false }
 */
export function checkAnswer(question: Question, value: unknown, na = false): AnswerCheck {
  if (na) {
    if (!question.allowNA) return { ok: false, message: `${question.id} does not allow N/A` };
    if (value !== null && value !== undefined) return { ok: false, message: `${question.id}: an N/A answer carries no value` };
    return { ok: true, value: null, na: true };
  }
  if (value === null || value === undefined) return { ok: false, message: `${question.id}: a value is required (or N/A where allowed)` };
  const outside = () => ({ ok: false as const, message: `${question.id}: ${JSON.stringify(value)} is not one of ${allowedValuesText(question)}` });
  switch (question.type) {
    case 'binary':
    case 'nominal':
      return typeof value === 'string' && question.options.some((o) => o.value === value) ? { ok: true, value, na: false } : outside();
    case 'ordinal':
      return typeof value === 'string' && question.levels.some((l) => l.value === value) ? { ok: true, value, na: false } : outside();
    case 'score': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && question.values.some((v) => v.value === number) ? { ok: true, value: number, na: false } : outside();
    }
    case 'multilabel': {
      if (!Array.isArray(value) || value.some((t) => typeof t !== 'string')) {
        return { ok: false, message: `${question.id}: expected a list of tags (${allowedValuesText(question)})` };
      }
      const unknown = value.filter((t) => !question.tags.some((tag) => tag.value === t));
      if (unknown.length > 0) {
        return { ok: false, message: `${question.id}: ${quoteList(unknown)} ${unknown.length === 1 ? 'is not a tag' : 'are not tags'}; tags: ${allowedValuesText(question).slice('any of '.length)}` };
      }
      return { ok: true, value: question.tags.map((t) => t.value).filter((t) => value.includes(t)), na: false };
    }
    case 'text':
      if (typeof value !== 'string') return { ok: false, message: `${question.id}: expected text` };
      if (value.length > question.maxLength) return { ok: false, message: `${question.id}: the text is longer than ${question.maxLength} characters` };
      return { ok: true, value, na: false };
  }
}

/**
 * Reads a labels-CSV cell: `N/A` (any case) is not-applicable, tags are separated by `;`
 * (an empty cell is no tags), a score is a number, anything else is taken as written.
 */
export function answerFromCell(question: Question, cell: string): AnswerCheck {
  const text = cell.trim();
  if (text.toUpperCase() === NA_TEXT) return checkAnswer(question, null, true);
  if (question.type === 'multilabel') {
    return checkAnswer(question, text === '' ? [] : text.split(';').map((t) => t.trim()).filter(Boolean));
  }
  if (text === '' && question.type !== 'text') return { ok: false, message: `${question.id}: the value is empty` };
  return checkAnswer(question, question.type === 'text' ? cell : text);
}

/** Writes an answer as a labels-CSV cell (the inverse of {@link answerFromCell}). */
export function answerToCell(answer: Answer): string {
  if (answer.na || answer.value === null) return NA_TEXT;
  if (Array.isArray(answer.value)) return answer.value.join(';');
  return String(answer.value);
}

/** Whether two answers are the same (tags compared as sets, in canonical order). */
export function sameAnswer(a: Answer, b: Answer): boolean {
  if (a.na || b.na) return a.na === b.na;
  return JSON.stringify(a.value) === JSON.stringify(b.value);
}
