import { describe, expect, it } from 'vitest';
import type { JudgeDefinition, JudgeInfo } from '../../../../../electron/api/contract';
import { changedParts, destinationText, judgeAt, leavesJudge, listWords, unsavableReason } from './unsavedEdits';

const definition: JudgeDefinition = {
  format: 'accord.judge',
  id: 'plan-quality',
  title: 'Plan quality',
  description: 'Rates a plan.',
  schemaId: 'plan-quality',
  kinds: ['plan'],
  per: 'item',
  template: { system: 'You rate plans.', user: 'Plan: {{plan}}' },
  sampling: { temperature: 0, topP: null, maxTokens: null, seed: null },
  output: { mode: 'json_object', name: 'verdict', schema: {}, strict: false },
  mapping: [{ question: 'overall_quality', field: 'score' }],
};

const info = (id: string, version: string, title: string): JudgeInfo => ({ id, version, title, origin: 'preset', definition: { ...definition, id, title } }) as unknown as JudgeInfo;
const judges = [info('plan-quality', 'aaaa1111', 'Plan quality'), info('plan-tags', 'bbbb2222', 'Plan step tags'), info('plan-tags', 'cccc3333', 'Plan step tags, warmer')];

describe('changedParts', () => {
  it('names each part the draft changed, in the order of the editor', () => {
    const draft = { ...definition, template: { ...definition.template, system: 'You rate plans strictly.' }, sampling: { ...definition.sampling, temperature: 0.3 } };
    expect(changedParts(definition, draft)).toEqual(['system message', 'sampling settings']);
    expect(changedParts(definition, { ...definition, mapping: [{ question: 'overall_quality', field: 'verdict' }], title: 'New' })).toEqual(['mapping', 'title']);
  });

  it('names nothing for an equal copy', () => {
    expect(changedParts(definition, structuredClone(definition))).toEqual([]);
  });
});

describe('unsavableReason', () => {
  it('names the first problem and how many more, or that the check is still running', () => {
    expect(unsavableReason({ issues: [], checking: false, version: 'abcd' })).toBeNull();
    expect(unsavableReason({ issues: [], checking: true, version: null })).toBe('they are still being checked');
    expect(unsavableReason({ issues: [{ path: 'id', message: 'id must be lower case.' }], checking: false, version: null })).toBe('id: id must be lower case');
    expect(unsavableReason({ issues: [{ path: '', message: 'Unknown placeholder: {{x}}' }, { path: 'mapping.0', message: 'no such question' }], checking: false, version: null })).toBe(
      'Unknown placeholder: {{x}} (and 1 more)',
    );
    expect(unsavableReason({ issues: [], checking: false, version: null })).toBe('the engine does not accept them');
  });
});

describe('listWords', () => {
  it('joins with commas and a final "and"', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b'])).toBe('a and b');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('leaving a judge', () => {
  it('reads the judge a #/judges address shows: the one named (encoded or not), else the first', () => {
    expect(judgeAt('/judges/plan-tags%40bbbb2222', judges)?.title).toBe('Plan step tags');
    expect(judgeAt('/judges/plan-tags@cccc3333', judges)?.title).toBe('Plan step tags, warmer');
    expect(judgeAt('/judges', judges)?.title).toBe('Plan quality');
    expect(judgeAt('/judges/gone@0000', judges)?.title).toBe('Plan quality');
    expect(judgeAt('/judge-runs', judges)).toBeNull();
    expect(judgeAt('/judge-runs/4', judges)).toBeNull();
  });

  it('another judge (also another version of the same id) or another page leaves; the same judge by another address does not', () => {
    expect(leavesJudge('/judges/plan-tags%40bbbb2222', 'plan-quality@aaaa1111', judges)).toBe(true);
    expect(leavesJudge('/judges/plan-tags%40cccc3333', 'plan-tags@bbbb2222', judges)).toBe(true);
    expect(leavesJudge('/judge-runs/3', 'plan-quality@aaaa1111', judges)).toBe(true);
    expect(leavesJudge('/datasets', 'plan-quality@aaaa1111', judges)).toBe(true);
    expect(leavesJudge('/judges/plan-quality%40aaaa1111', 'plan-quality@aaaa1111', judges)).toBe(false);
    expect(leavesJudge('/judges', 'plan-quality@aaaa1111', judges)).toBe(false);
    expect(leavesJudge('/judges', 'plan-tags@bbbb2222', judges)).toBe(true);
  });

  it('names where the person was going: a judge by its title, a page by its menu entry', () => {
    expect(destinationText('/judges/plan-tags%40bbbb2222', judges)).toBe('“Plan step tags”');
    expect(destinationText('/judge-runs/3', judges)).toBe('the Judge runs page');
    expect(destinationText('/judge-runs', judges)).toBe('the Judge runs page');
    expect(destinationText('/items/12', judges)).toBe('the Items page');
    expect(destinationText('/agreement/2/q', judges)).toBe('the Agreement page');
    expect(destinationText('/somewhere', judges)).toBe('another page');
  });
});
