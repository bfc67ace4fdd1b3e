import { describe, expect, it } from 'vitest';
import type { Question } from '../../../../electron/api/labelSchemas';
import { answerKey, type Answer } from './answers';
import { missingRequired, unitStates } from './unitStates';

const q = (id: string, required: boolean, scope: Question['scope'] = 'step'): Question => ({ id, title: id, description: '', scope, allowNA: false, required, type: 'text', maxLength: 100 });
const a = (value: string): Answer => ({ value, na: false, rationale: null });

describe('unit states', () => {
  it('marks units done, partly done or empty by their required questions', () => {
    const questions = [q('tags', true), q('note', false)];
    const answers = new Map([
      [answerKey('step:1', 'tags'), a('x')],
      [answerKey('step:2', 'note'), a('y')],
    ]);
    expect([...unitStates(['step:1', 'step:2', 'step:3'], questions, answers)]).toEqual([
      ['step:1', 'done'],
      ['step:2', 'partial'],
      ['step:3', 'empty'],
    ]);
  });

  it('counts a unit a rule decides (an Agent-S step incorrect by rule) as done, whatever is answered', () => {
    const questions = [q('state', true, 'turn')];
    expect([...unitStates(['turn:0', 'turn:1'], questions, new Map(), new Set(['turn:1']))]).toEqual([
      ['turn:0', 'empty'],
      ['turn:1', 'done'],
    ]);
  });

  it('counts missing required answers on the item and on every unit', () => {
    const answers = new Map([[answerKey('step:1', 'tags'), a('x')]]);
    // overall missing (1) + tags missing on step:2 and step:3 (2); the optional note never counts.
    expect(missingRequired([q('overall', true, 'item')], [q('tags', true), q('note', false)], ['step:1', 'step:2', 'step:3'], answers)).toBe(3);
  });
});
