import { describe, expect, it } from 'vitest';
import { answerFromCell, answerToCell, checkAnswer, sameAnswer } from './labelValue';
import { PRESETS } from './presets/index';
import { parseLabelSchema } from './schemaJson';

const q = (preset: keyof typeof PRESETS, id: string) => PRESETS[preset].questions.find((x) => x.id === id)!;
const quality = q('plan-quality', 'overall_quality');
const tags = q('plan-step-tags', 'step_tags');
const completeness = q('plan-metrics', 'tool_usage_completeness');
const format = q('plan-metrics', 'format');
const validity = q('conversation-validity', 'validity');
const note = parseLabelSchema({ id: 'n', title: 'N', questions: [{ id: 'note', title: 'Note', type: 'text', maxLength: 5 }] }).questions[0];

describe('checkAnswer', () => {
  it('accepts a level, an option, a score and text as they are', () => {
    expect(checkAnswer(quality, 'Good')).toEqual({ ok: true, value: 'Good', na: false });
    expect(checkAnswer(validity, 'invalid')).toEqual({ ok: true, value: 'invalid', na: false });
    expect(checkAnswer(format, 0.5)).toEqual({ ok: true, value: 0.5, na: false });
    expect(checkAnswer(format, '0.5')).toEqual({ ok: true, value: 0.5, na: false });
    expect(checkAnswer(note, 'short')).toEqual({ ok: true, value: 'short', na: false });
  });

  it('puts tags in schema order without repeats; no tags is an answer', () => {
    expect(checkAnswer(tags, ['complex_prompt', 'incorrect_tool', 'complex_prompt'])).toEqual({ ok: true, value: ['incorrect_tool', 'complex_prompt'], na: false });
    expect(checkAnswer(tags, [])).toEqual({ ok: true, value: [], na: false });
  });

  it('says what is allowed when a value is outside the question', () => {
    expect(checkAnswer(quality, 'Great')).toEqual({
      ok: false,
      message:
        'overall_quality: "Great" is not one of "Extremely Bad", "Very Bad", "Bad", "Acceptable", "Good", "Very Good", "Extremely Good"',
    });
    expect(checkAnswer(format, 0.7)).toEqual({ ok: false, message: 'format: 0.7 is not one of 0, 0.5, 1' });
    expect(checkAnswer(tags, ['wrong_tool'])).toMatchObject({ ok: false, message: expect.stringMatching(/"wrong_tool" is not a tag; tags: "incorrect_tool"/) });
    expect(checkAnswer(tags, 'incorrect_tool')).toMatchObject({ ok: false, message: expect.stringMatching(/expected a list of tags/) });
    expect(checkAnswer(note, 'too long')).toMatchObject({ ok: false, message: 'note: the text is longer than 5 characters' });
    expect(checkAnswer(quality, undefined)).toMatchObject({ ok: false });
  });

  it('allows N/A only where the question does, and then without a value', () => {
    expect(checkAnswer(completeness, null, true)).toEqual({ ok: true, value: null, na: true });
    expect(checkAnswer(format, null, true)).toEqual({ ok: false, message: 'format does not allow N/A' });
    expect(checkAnswer(completeness, 1, true)).toMatchObject({ ok: false, message: expect.stringMatching(/carries no value/) });
  });
});

describe('labels-CSV cells', () => {
  it('read ";" between tags, N/A, numbers, and write them back the same', () => {
    expect(answerFromCell(tags, 'incorrect_tool;complex_prompt')).toEqual({ ok: true, value: ['incorrect_tool', 'complex_prompt'], na: false });
    expect(answerFromCell(tags, '')).toEqual({ ok: true, value: [], na: false });
    expect(answerFromCell(completeness, 'n/a')).toEqual({ ok: true, value: null, na: true });
    expect(answerFromCell(format, '1')).toEqual({ ok: true, value: 1, na: false });
    expect(answerFromCell(quality, '')).toEqual({ ok: false, message: 'overall_quality: the value is empty' });
    for (const cell of ['incorrect_tool;complex_prompt', 'N/A', '0.5', 'Very Good']) {
      const question = cell.includes('_') ? tags : cell === 'N/A' ? completeness : cell === '0.5' ? format : quality;
      const answer = answerFromCell(question, cell);
      expect(answer.ok && answerToCell(answer)).toBe(cell);
    }
  });

  it('compare answers by value and N/A', () => {
    expect(sameAnswer({ value: ['a'], na: false }, { value: ['a'], na: false })).toBe(true);
    expect(sameAnswer({ value: null, na: true }, { value: 'x', na: false })).toBe(false);
  });
});
