import { describe, expect, it } from 'vitest';
import type { ItemDetail, LabelView } from '../../../../electron/api/contract';
import type { MultilabelQuestion, OrdinalQuestion, SchemaKeymap } from '../../../../electron/api/labelSchemas';
import { actionForKey, tiersOf } from '../../../../electron/common/labelSchemaRules';
import { answerKey, answersOf, answerText, isAnswered, toggleTag } from './answers';
import { keyCap, keysForChoice } from './keymap';
import { unitsFor } from './unitList';

const tags: MultilabelQuestion = {
  id: 'step_tags',
  type: 'multilabel',
  title: 'Tags',
  description: '',
  scope: 'step',
  allowNA: false,
  required: true,
  tags: [
    { value: 'incorrect_tool', label: 'Incorrect tool', description: '', key: 't' },
    { value: 'complex_prompt', label: 'Complex prompt', description: '', key: 'c' },
    { value: 'no_change', label: 'No change', description: '', key: 'n' },
  ],
};

// The plan-quality scale and its tiers as the preset defines them (electron/core/schemas/presets/planQuality.ts).
const quality: OrdinalQuestion = {
  id: 'overall_quality',
  type: 'ordinal',
  title: 'Quality',
  description: '',
  scope: 'item',
  allowNA: false,
  required: true,
  levels: ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'].map((value, i) => ({ value, label: value, description: '', numeric: i + 1 })),
  tiers: [
    { name: 'A+', minNumeric: 6, description: '' },
    { name: 'A', minNumeric: 5, description: '' },
    { name: 'B', minNumeric: 4, description: '' },
  ],
};

describe('answers', () => {
  it('toggles tags in the schema order, as the service stores them', () => {
    expect(toggleTag(tags, null, 'complex_prompt')).toEqual(['complex_prompt']);
    expect(toggleTag(tags, ['complex_prompt'], 'incorrect_tool')).toEqual(['incorrect_tool', 'complex_prompt']);
    expect(toggleTag(tags, ['incorrect_tool', 'complex_prompt'], 'incorrect_tool')).toEqual(['complex_prompt']);
  });

  it('counts an empty tag list and N/A as answers', () => {
    expect(isAnswered({ value: [], na: false, rationale: null })).toBe(true);
    expect(isAnswered({ value: null, na: true, rationale: null })).toBe(true);
    expect(isAnswered({ value: null, na: false, rationale: null })).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
  });

  it('says answers in words', () => {
    expect(answerText(tags, { value: ['incorrect_tool', 'no_change'], na: false })).toBe('Incorrect tool, No change');
    expect(answerText(tags, { value: [], na: false })).toBe('no tags');
    expect(answerText(quality, { value: null, na: true })).toBe('N/A');
    expect(answerText(quality, undefined)).toBe('—');
  });

  // tiersOf and actionForKey live in electron/common/ (core/schemas re-exports them); checked here on the shapes the screen holds.
  it('places levels in the cumulative plan-quality tiers (A+ top two, A top three, B top four)', () => {
    expect(tiersOf(quality, 'Extremely Good')).toEqual(['A+', 'A', 'B']);
    expect(tiersOf(quality, 'Good')).toEqual(['A', 'B']);
    expect(tiersOf(quality, 'Acceptable')).toEqual(['B']);
    expect(tiersOf(quality, 'Bad')).toEqual([]);
  });

  it('maps labels by unit and question', () => {
    const label = { unit: 'step:2', question: 'step_tags', value: ['no_change'], na: false, rationale: 'fine' } as LabelView;
    expect(answersOf([label]).get(answerKey('step:2', 'step_tags'))).toEqual({ value: ['no_change'], na: false, rationale: 'fine' });
  });
});

describe('keymap', () => {
  const keymap: SchemaKeymap = {
    global: [
      { keys: ['j'], action: { kind: 'next-item' }, description: 'Next item' },
      { keys: ['Enter'], action: { kind: 'submit-item' }, description: 'Submit' },
    ],
    questions: {
      overall_quality: [{ keys: ['7'], action: { kind: 'set', questionId: 'overall_quality', value: 'Extremely Good' }, description: 'Extremely Good' }],
      step_tags: [{ keys: ['1', 't'], action: { kind: 'toggle-tag', questionId: 'step_tags', tag: 'incorrect_tool' }, description: 'Toggle' }],
    },
  };

  it('looks up global keys first, then the focused question’s', () => {
    expect(actionForKey(keymap, 'step_tags', 'j')).toEqual({ kind: 'next-item' });
    expect(actionForKey(keymap, 'overall_quality', '7')).toEqual({ kind: 'set', questionId: 'overall_quality', value: 'Extremely Good' });
    expect(actionForKey(keymap, 'step_tags', '7')).toBeNull();
    expect(actionForKey(keymap, null, 't')).toBeNull();
  });

  it('finds the keys of a choice and draws keycaps', () => {
    expect(keysForChoice(keymap, 'step_tags', 'incorrect_tool')).toEqual(['1', 't']);
    expect(keysForChoice(keymap, 'step_tags', 'no_change')).toEqual([]);
    expect(keyCap('Enter')).toBe('↵');
    expect(keyCap('x')).toBe('x');
  });
});

describe('units', () => {
  const step = (id: string, tool: string) => ({ id, tool });
  it('lists plan steps of the main plan, else the gold plan, once per id', () => {
    const plan = { kind: 'plan', payload: { plan: { steps: [step('1', 'T2S'), step('2', 'RAG'), step('2', 'LLM')] }, gold: { steps: [step('9', 'T2S')] } } } as unknown as ItemDetail;
    expect(unitsFor(plan, 'step').map((u) => [u.key, u.label, u.detail])).toEqual([
      ['step:1', 'Step 1', 'T2S'],
      ['step:2', 'Step 2', 'RAG'],
    ]);
    const goldOnly = { kind: 'plan', payload: { plan: null, gold: { steps: [step('9', 'T2S')] } } } as unknown as ItemDetail;
    expect(unitsFor(goldOnly, 'step').map((u) => u.key)).toEqual(['step:9']);
  });

  it('lists graph nodes and conversation turns, and nothing for a scope the kind lacks', () => {
    const graph = { kind: 'graph', payload: { nodes: [{ id: 'N1', name: 'Greet', type: 'start' }] } } as unknown as ItemDetail;
    expect(unitsFor(graph, 'node')).toEqual([{ key: 'node:N1', label: 'N1', detail: 'Greet' }]);
    const conversation = { kind: 'conversation', payload: { turns: [{ index: 0, role: 'user' }, { index: 1, role: 'tool_call' }] } } as unknown as ItemDetail;
    expect(unitsFor(conversation, 'turn').map((u) => u.detail)).toEqual(['user', 'tool call']);
    expect(unitsFor(graph, 'step')).toEqual([]);
    expect(unitsFor(graph, 'item')).toEqual([]);
  });
});

describe('keycaps on screen', () => {
  it('shows a choice’s letter when it has one, else its digit', async () => {
    const { shownKey } = await import('./keymap');
    expect(shownKey(['1', 't'])).toEqual(['t']);
    expect(shownKey(['7'])).toEqual(['7']);
    expect(shownKey([])).toEqual([]);
  });
});
