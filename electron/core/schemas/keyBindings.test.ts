import { describe, expect, it } from 'vitest';
import { GLOBAL_BINDINGS, RESERVED_KEYS, actionForKey, keymapFor } from './keyBindings';
import { PRESETS, PRESET_NAMES } from './presets/index';
import { parseLabelSchema } from './schemaJson';

const keysOf = (preset: keyof typeof PRESETS, question: string) => keymapFor(PRESETS[preset]).questions[question].map((b) => b.keys);

describe('keymapFor', () => {
  it('gives number keys 1–7 to the seven plan-quality levels', () => {
    expect(keysOf('plan-quality', 'overall_quality')).toEqual([['1'], ['2'], ['3'], ['4'], ['5'], ['6'], ['7']]);
    expect(actionForKey(keymapFor(PRESETS['plan-quality']), 'overall_quality', '7')).toEqual({ kind: 'set', questionId: 'overall_quality', value: 'Extremely Good' });
  });

  it('gives pass/fail, yes/no and valid/invalid a digit and their initial', () => {
    expect(keysOf('sop-graph-review', 'coherence')).toEqual([
      ['1', 'p'],
      ['2', 'f'],
    ]);
    expect(keysOf('conversation-quality', 'goal_attainment')).toEqual([
      ['1', 'y'],
      ['2', 'n'],
    ]);
    expect(keysOf('conversation-validity', 'validity')).toEqual([
      ['1', 'v'],
      ['2', 'i'],
    ]);
  });

  it('toggles step tags with digits and their own letters', () => {
    const map = keymapFor(PRESETS['plan-step-tags']);
    expect(keysOf('plan-step-tags', 'step_tags')).toEqual([
      ['1', 't'],
      ['2', 'p'],
      ['3', 'c'],
      ['4', 'r'],
      ['5', 'm'],
      ['6', 'n'],
    ]);
    expect(actionForKey(map, 'step_tags', 'c')).toEqual({ kind: 'toggle-tag', questionId: 'step_tags', tag: 'complex_prompt' });
  });

  it('gives every choice a key: levels and scores past the ninth get a free letter', () => {
    const schema = parseLabelSchema({
      id: 'wide',
      title: 'wide',
      questions: [
        { id: 'score', type: 'score', title: 'Score 0–10', values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
        { id: 'grade', type: 'ordinal', title: 'Grade', levels: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', { value: 'top', label: 'Top', key: 't' }, 'best'] },
      ],
    });
    const map = keymapFor(schema);
    for (const bindings of Object.values(map.questions)) for (const b of bindings) expect(b.keys.length).toBeGreaterThan(0);
    // 9 and 10 have no digit of their own and no letter in their label: the first free letters.
    expect(map.questions.score.slice(8).map((b) => b.keys)).toEqual([['9'], ['a'], ['b']]);
    expect(map.questions.grade.slice(8).map((b) => b.keys)).toEqual([['9'], ['t'], ['b']]);
    expect(actionForKey(map, 'score', 'b')).toEqual({ kind: 'set', questionId: 'score', value: 10 });
  });

  it('adds x for N/A where it is allowed, and only there', () => {
    const map = keymapFor(PRESETS['plan-metrics']);
    expect(actionForKey(map, 'tool_usage_completeness', 'x')).toEqual({ kind: 'not-applicable', questionId: 'tool_usage_completeness' });
    expect(actionForKey(map, 'format', 'x')).toBeNull();
    expect(actionForKey(map, 'format', '2')).toEqual({ kind: 'set', questionId: 'format', value: 0.5 });
  });

  it('keeps navigation global and never hands a reserved key to a choice', () => {
    const map = keymapFor(PRESETS['plan-step-tags']);
    expect(actionForKey(map, 'step_tags', '?')).toEqual({ kind: 'cheat-sheet' });
    expect(actionForKey(map, null, 'j')).toEqual({ kind: 'next-item' });
    expect(actionForKey(map, null, '1')).toBeNull();
    expect(GLOBAL_BINDINGS.map((b) => b.action.kind)).toEqual(
      expect.arrayContaining(['next-item', 'previous-item', 'skip-item', 'undo', 'cheat-sheet', 'submit-item']),
    );
    for (const name of PRESET_NAMES) {
      for (const bindings of Object.values(keymapFor(PRESETS[name]).questions)) {
        for (const b of bindings) for (const key of b.keys.filter((k) => !/^\d$/.test(k) && k !== 'x')) expect(RESERVED_KEYS).not.toContain(key);
      }
    }
  });

  it('derives a free letter when initials clash', () => {
    const schema = parseLabelSchema({ id: 's', title: 'S', questions: [{ id: 'q', title: 'Q', type: 'nominal', options: ['apple', 'apricot', 'avocado'] }] });
    const letters = keymapFor(schema).questions.q.map((b) => b.keys[1]);
    expect(new Set(letters).size).toBe(3);
    expect(letters[0]).toBe('a');
  });
});
