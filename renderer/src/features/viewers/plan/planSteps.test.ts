import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../../../../electron/api/artifacts';
import { argumentRefs, dependencyOrder, promptParts, refStatus, firstIndexById, stepLayers } from './planSteps';

const step = (index: number, id: string, dependsOn: string[] = [], prompt = ''): PlanStep => ({
  index,
  id,
  text: prompt,
  textField: 'query',
  tool: 'T2S',
  arguments: [],
  argumentRefs: [],
  prompt,
  placeholders: [],
  dependsOn,
  extra: {},
});

describe('dependencyOrder', () => {
  it('keeps source order when every dependency points backwards (q-002 best plan: 2 and 3 on 1, 4 on 2 and 3)', () => {
    expect(dependencyOrder([step(0, '1'), step(1, '2', ['1']), step(2, '3', ['1']), step(3, '4', ['2', '3'])])).toEqual([0, 1, 2, 3]);
  });

  it('moves a step after a later step it depends on', () => {
    expect(dependencyOrder([step(0, '1', ['3']), step(1, '2'), step(2, '3', ['2'])])).toEqual([1, 2, 0]);
  });

  it('puts steps caught in a cycle last, in source order, and ignores unknown ids and self-references', () => {
    expect(dependencyOrder([step(0, '1', ['2']), step(1, '2', ['1']), step(2, '3', ['9', '3'])])).toEqual([2, 0, 1]);
  });
});

describe('stepLayers', () => {
  it('places each step one layer after its deepest dependency', () => {
    expect(stepLayers([step(0, '1'), step(1, '2', ['1']), step(2, '3'), step(3, '4', ['2', '3'])])).toEqual([0, 1, 0, 2]);
  });

  it('stays defined on a cycle', () => {
    expect(stepLayers([step(0, '1', ['2']), step(1, '2', ['1'])])).toEqual([0, 1]);
  });
});

describe('refStatus', () => {
  const steps = [step(0, '1'), step(1, '2'), step(2, '3', ['1'])];
  const byId = firstIndexById(steps);
  it('tells declared, undeclared and missing references apart', () => {
    expect(refStatus(steps[2], '1', byId)).toBe('declared');
    expect(refStatus(steps[2], '2', byId)).toBe('undeclared');
    expect(refStatus(steps[2], '7', byId)).toBe('missing');
  });
});

describe('promptParts', () => {
  it('cuts a prompt at its placeholders (offsets as in q-002 step 4)', () => {
    const prompt = 'Answer (query) using the reasons in (2) and the durations in (3)';
    const parts = promptParts({
      prompt,
      placeholders: [
        { kind: 'query', text: '(query)', start: 7, end: 14 },
        { kind: 'step', ref: '2', text: '(2)', start: 36, end: 39 },
        { kind: 'step', ref: '3', text: '(3)', start: 61, end: 64 },
      ],
    });
    expect(parts).toEqual([
      { kind: 'text', text: 'Answer ' },
      { kind: 'query', text: '(query)' },
      { kind: 'text', text: ' using the reasons in ' },
      { kind: 'step', text: '(2)', ref: '2' },
      { kind: 'text', text: ' and the durations in ' },
      { kind: 'step', text: '(3)', ref: '3' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(prompt);
  });

  it('leaves overlapping or out-of-range placeholders as text', () => {
    const parts = promptParts({
      prompt: 'use (1)',
      placeholders: [
        { kind: 'step', ref: '1', text: '(1)', start: 4, end: 7 },
        { kind: 'step', ref: '1', text: '(1)', start: 5, end: 8 },
        { kind: 'query', text: '(query)', start: 20, end: 27 },
      ],
    });
    expect(parts).toEqual([
      { kind: 'text', text: 'use ' },
      { kind: 'step', text: '(1)', ref: '1' },
    ]);
  });
});

describe('argumentRefs', () => {
  it('reads step ids out of positional arguments', () => {
    expect(argumentRefs('(1)')).toEqual(['1']);
    expect(argumentRefs('[(1), (2)]')).toEqual(['1', '2']);
    expect(argumentRefs('[]')).toEqual([]);
  });
});
