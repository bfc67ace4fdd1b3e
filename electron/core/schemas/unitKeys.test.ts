import { describe, expect, it } from 'vitest';
import { compareUnitKeys, parseUnitKey, unitFromCell, unitKey, unitToCell, unitsDecidedByRule, unitsOf } from './unitKeys';

describe('unit keys', () => {
  it('map the bare ids of a labels CSV to keys of the question’s scope and back', () => {
    expect(unitFromCell('2', 'step')).toEqual({ ok: true, key: 'step:2' });
    expect(unitFromCell('N3', 'node')).toEqual({ ok: true, key: 'node:N3' });
    expect(unitFromCell('4', 'turn')).toEqual({ ok: true, key: 'turn:4' });
    expect(unitFromCell('step:2', 'step')).toEqual({ ok: true, key: 'step:2' });
    expect(unitFromCell('', 'item')).toEqual({ ok: true, key: '' });
    expect(unitToCell('step:2')).toBe('2');
    expect(unitToCell('')).toBe('');
  });

  it('explain a unit that does not fit the question', () => {
    expect(unitFromCell('2', 'item')).toMatchObject({ ok: false, message: expect.stringMatching(/whole item, so the unit must be empty/) });
    expect(unitFromCell('', 'step')).toMatchObject({ ok: false, message: expect.stringMatching(/asked per step/) });
    expect(unitFromCell('node:2', 'step')).toMatchObject({ ok: false, message: 'the question is asked per step, not per node ("node:2")' });
    expect(unitFromCell('two', 'turn')).toMatchObject({ ok: false, message: expect.stringMatching(/turns are numbered/) });
  });

  it('parse and build keys', () => {
    expect(parseUnitKey('turn:3')).toEqual({ scope: 'turn', id: '3' });
    expect(parseUnitKey('edge:1')).toBeNull();
    expect(unitKey('item', 'x')).toBe('');
  });

  it('list the units of each kind of artifact in their order', () => {
    expect(unitsOf('plan', { plan: { steps: [{ id: '1' }, { id: '2' }] } }, 'step')).toEqual(['step:1', 'step:2']);
    expect(unitsOf('plan', { plan: null, gold: { steps: [{ id: '7' }] } }, 'step')).toEqual(['step:7']);
    expect(unitsOf('graph', { nodes: [{ id: 'N0' }, { id: 'N1' }] }, 'node')).toEqual(['node:N0', 'node:N1']);
    expect(unitsOf('conversation', { turns: [{ index: 0 }, { index: 1 }] }, 'turn')).toEqual(['turn:0', 'turn:1']);
    expect(unitsOf('conversation', { turns: [] }, 'step')).toEqual([]);
    expect(unitsOf('plan', {}, 'item')).toEqual(['']);
  });

  it('sort the item first and numeric ids numerically', () => {
    expect(['step:10', 'step:2', '', 'step:1'].sort(compareUnitKeys)).toEqual(['', 'step:1', 'step:2', 'step:10']);
  });
});

describe('unitsDecidedByRule', () => {
  it("gives an Agent-S session's steps incorrect by rule as turn units, and nothing for anything else", () => {
    expect([...unitsDecidedByRule('conversation', { turns: [], sopExecution: { rule: { failedStep: 1, ruledSteps: [2, 3], reason: 'r' } } })]).toEqual(['turn:2', 'turn:3']);
    expect(unitsDecidedByRule('conversation', { turns: [] }).size).toBe(0);
    expect(unitsDecidedByRule('plan', { sopExecution: { rule: { ruledSteps: [1] } } }).size).toBe(0);
    expect(unitsDecidedByRule('conversation', null).size).toBe(0);
  });
});
