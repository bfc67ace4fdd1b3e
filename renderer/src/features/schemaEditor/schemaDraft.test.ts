import { describe, expect, it } from 'vitest';
import type { LabelSchema, MultilabelQuestion, OrdinalQuestion } from '../../../../electron/api/labelSchemas';
import { addQuestionsFrom, blankSchema, convertQuestion, draftToJson, issueAt, issuesUnder, move, newQuestion, schemaFromPreset, uniqueId } from './schemaDraft';

describe('schema draft', () => {
  it('gives new questions ids nobody has', () => {
    expect(uniqueId('question', [])).toBe('question');
    expect(uniqueId('question', ['question', 'question_2'])).toBe('question_3');
    expect(newQuestion('text', ['question']).id).toBe('question_2');
  });

  it('starts every type with a usable set of answers', () => {
    const binary = newQuestion('binary', []);
    expect(binary.type === 'binary' && binary.options.map((o) => o.value)).toEqual(['pass', 'fail']);
    const ordinal = newQuestion('ordinal', []) as OrdinalQuestion;
    expect(ordinal.levels.map((l) => l.numeric)).toEqual([1, 2, 3, 4, 5]);
  });

  it('carries named answers over when the type changes', () => {
    const tags = { ...newQuestion('multilabel', []), id: 'issues', title: 'Issues', scope: 'step' } as MultilabelQuestion;
    const ordinal = convertQuestion(tags, 'ordinal') as OrdinalQuestion;
    expect(ordinal).toMatchObject({ id: 'issues', title: 'Issues', scope: 'step', type: 'ordinal' });
    expect(ordinal.levels.map((l) => [l.value, l.numeric])).toEqual([
      ['tag_one', 1],
      ['tag_two', 2],
    ]);
    const binary = convertQuestion(newQuestion('ordinal', []), 'binary');
    expect(binary.type === 'binary' && binary.options.map((o) => o.value)).toEqual(['1', '2']);
    expect(convertQuestion(binary, 'text')).toMatchObject({ type: 'text', maxLength: 10_000, id: binary.id });
  });

  it('composes a schema from presets without id clashes', () => {
    const preset: LabelSchema = { ...blankSchema(), id: 'plan-quality', title: 'Plan quality', kinds: ['plan'] };
    const mine = schemaFromPreset(preset);
    expect(mine.id).toBe('plan-quality-custom');
    const both = addQuestionsFrom(mine, { ...preset, kinds: ['plan', 'graph'] });
    expect(both.questions.map((q) => q.id)).toEqual(['acceptable', 'acceptable_2']);
    expect(both.kinds).toEqual(['plan', 'graph']);
    // A schema for any kind stays for any kind.
    expect(addQuestionsFrom(blankSchema(), preset).kinds).toEqual([]);
  });

  it('moves list entries', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('leaves cleared labels and keys out of the JSON', () => {
    const schema = blankSchema();
    const q = schema.questions[0];
    if (q.type === 'binary') q.options = [{ value: 'pass', label: '', description: '', key: '' }, q.options[1]];
    const json = draftToJson(schema) as { questions: { options: Record<string, unknown>[] }[] };
    expect(json.questions[0].options[0]).toEqual({ value: 'pass', description: '' });
  });

  it('finds the issues of a question and of a field', () => {
    const issues = [
      { path: 'questions[1].levels[0].value', message: 'value must not be empty' },
      { path: 'questions[10].id', message: 'x' },
      { path: 'questions[1]', message: 'y' },
    ];
    expect(issuesUnder(issues, 'questions[1]').map((i) => i.message)).toEqual(['value must not be empty', 'y']);
    expect(issueAt(issues, 'questions[1].levels[0].value')).toBe('value must not be empty');
  });
});
