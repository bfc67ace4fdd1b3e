import { describe, expect, it } from 'vitest';
import type { LabelSchema, Question } from '../../../../electron/api/labelSchemas';
import { answersOf, curationQuestions, defaultValidAnswer } from './curationQuestions';

const base = { title: 't', description: '', allowNA: true, required: false };
const choice = (value: string) => ({ value, label: value.toUpperCase(), description: '' });
const questions: Question[] = [
  { ...base, id: 'valid', type: 'binary', scope: 'item', options: [choice('valid'), choice('invalid')] },
  { ...base, id: 'per_turn', type: 'binary', scope: 'turn', options: [choice('yes'), choice('no')] },
  { ...base, id: 'verdict', type: 'nominal', scope: 'item', options: [choice('keep'), choice('fix'), choice('drop')] },
  { ...base, id: 'tags', type: 'multilabel', scope: 'item', tags: [choice('a')] },
  { ...base, id: 'notes', type: 'text', scope: 'item', maxLength: 100 },
];
const schema = { format: 'accord.label-schema', id: 's', version: 1, title: 's', description: '', kinds: [], questions } as LabelSchema;

describe('curation questions', () => {
  it('offers only item-level questions with one answer per item', () => {
    expect(curationQuestions(schema).map((q) => q.id)).toEqual(['valid', 'verdict']);
  });

  it('takes a yes/no question\'s first answer as valid unless another is picked, and lists every answer with its label', () => {
    const [valid, verdict] = curationQuestions(schema);
    expect(defaultValidAnswer(valid)).toBe('valid');
    // A nominal or ordinal question has no default, as in `accord curate`: an ordinal scale's first level is its worst.
    expect(defaultValidAnswer(verdict)).toBeNull();
    expect(answersOf(verdict).map((a) => [a.value, a.label])).toEqual([
      ['keep', 'KEEP'],
      ['fix', 'FIX'],
      ['drop', 'DROP'],
    ]);
  });
});
