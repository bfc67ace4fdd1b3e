import { describe, expect, it } from 'vitest';
import { LabelSchemaError, parseLabelSchema, parseLabelSchemaText, validateLabelSchema } from './schemaJson';

const minimal = { id: 'mine', title: 'Mine', questions: [{ id: 'ok', title: 'OK?', type: 'binary', options: ['yes', 'no'] }] };
const withQuestion = (question: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: 'mine', title: 'Mine', ...extra, questions: [question] });
const issuesOf = (input: unknown) => {
  const result = validateLabelSchema(input);
  if (result.ok) throw new Error('expected issues');
  return result.issues;
};

describe('validateLabelSchema', () => {
  it('fills every default and turns shorthand choices into objects', () => {
    expect(parseLabelSchema(minimal)).toEqual({
      format: 'accord.label-schema',
      id: 'mine',
      version: 1,
      title: 'Mine',
      description: '',
      kinds: [],
      questions: [
        {
          id: 'ok',
          title: 'OK?',
          description: '',
          scope: 'item',
          allowNA: false,
          required: true,
          type: 'binary',
          options: [
            { value: 'yes', label: 'yes', description: '' },
            { value: 'no', label: 'no', description: '' },
          ],
        },
      ],
    });
  });

  it('numbers ordinal levels by value when all are numbers, else by position', () => {
    const numeric = parseLabelSchema(withQuestion({ id: 'q', title: 'Q', type: 'ordinal', levels: ['1', '2', '5'] })).questions[0];
    expect(numeric.type === 'ordinal' && numeric.levels.map((l) => l.numeric)).toEqual([1, 2, 5]);
    const named = parseLabelSchema(withQuestion({ id: 'q', title: 'Q', type: 'ordinal', levels: ['low', 'mid', 'high'] })).questions[0];
    expect(named.type === 'ordinal' && named.levels.map((l) => l.numeric)).toEqual([1, 2, 3]);
  });

  it('is idempotent: a canonical schema validates to itself', () => {
    const once = parseLabelSchema(minimal);
    expect(parseLabelSchema(once)).toEqual(once);
  });

  it('names the path and the problem of every issue', () => {
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'likert' }))).toEqual([
      { path: 'questions[0].type', message: 'type must be one of binary, ordinal, nominal, multilabel, score, text' },
    ]);
    expect(issuesOf(withQuestion({ id: 'Bad Id', title: 'Q', type: 'text' }))[0]).toEqual({
      path: 'questions[0].id',
      message: 'id must be lower_snake_case (a–z, 0–9, _), starting with a letter',
    });
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'binary', options: ['a', 'b', 'c'] }))[0]).toMatchObject({
      path: 'questions[0].options',
      message: 'a binary question has exactly two options (positive first)',
    });
    expect(issuesOf({ ...minimal, colour: 'red' })[0].message).toMatch(/colour/);
  });

  it('refuses repeated question ids and repeated choice values', () => {
    const issues = issuesOf({
      id: 'x',
      title: 'X',
      questions: [
        { id: 'a', title: 'A', type: 'nominal', options: ['red', 'red'] },
        { id: 'a', title: 'A again', type: 'text' },
      ],
    });
    expect(issues).toContainEqual({ path: 'questions[1].id', message: '"a" is already the id of questions[0]' });
    expect(issues).toContainEqual({ path: 'questions[0].options[1].value', message: '"red" is listed twice' });
  });

  it('refuses unordered or partly numbered levels and unordered scores', () => {
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'ordinal', levels: [{ value: 'a', numeric: 2 }, { value: 'b', numeric: 1 }] }))).toContainEqual({
      path: 'questions[0].levels[1].numeric',
      message: 'levels must be listed lowest first, with increasing numeric values',
    });
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'ordinal', levels: [{ value: 'a', numeric: 1 }, 'b'] }))).toContainEqual({
      path: 'questions[0].levels',
      message: 'give a numeric value for every level or for none',
    });
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'score', values: [1, 0.5] }))).toContainEqual({
      path: 'questions[0].values[1]',
      message: 'score values must be listed lowest first',
    });
  });

  it('keeps values CSV-safe and N/A reserved', () => {
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'multilabel', tags: ['a;b'] }))[0].message).toMatch(/";"/);
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'nominal', options: ['n/a', 'x'] }))[0].message).toMatch(/set allowNA instead/);
  });

  it('refuses keys reserved for navigation and keys used twice', () => {
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'binary', options: [{ value: 'a', key: 'j' }, 'b'] }))[0].message).toMatch(/key "j" is reserved/);
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'binary', options: [{ value: 'a', key: 'q' }, { value: 'b', key: 'q' }] }))).toContainEqual({
      path: 'questions[0].options[1].key',
      message: 'key "q" is used twice in this question',
    });
  });

  it('refuses a unit scope the schema’s kinds do not have', () => {
    expect(issuesOf(withQuestion({ id: 'q', title: 'Q', type: 'text', scope: 'step' }, { kinds: ['conversation'] }))).toContainEqual({
      path: 'questions[0].scope',
      message: 'scope "step" needs plans, but kinds lists only conversation',
    });
  });

  it('throws LabelSchemaError with every issue, and reports text that is not JSON', () => {
    expect(() => parseLabelSchema({ id: 'x' })).toThrow(LabelSchemaError);
    expect(() => parseLabelSchemaText('{ nope')).toThrow(/not valid JSON/);
  });
});
