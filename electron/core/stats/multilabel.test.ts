import { describe, expect, it } from 'vitest';
import { cohenKappa } from './cohenKappa';
import { tableFromRows } from './contingencyTable';
import { buildMultilabelTable, multilabelAgreement, parseTagList } from './multilabel';

const TAGS = ['incorrect_tool', 'complex_prompt', 'no_change'];

describe('multilabelAgreement', () => {
  // Two raters, four steps. Per tag (ana, ben): incorrect_tool (1,1) (0,0) (1,0) (0,0);
  // complex_prompt (0,1) (1,1) (0,0) (1,1); no_change never used.
  const rows = [
    { unit: 's1', rater: 'ana', tags: ['incorrect_tool'] },
    { unit: 's1', rater: 'ben', tags: ['incorrect_tool', 'complex_prompt'] },
    { unit: 's2', rater: 'ana', tags: ['complex_prompt'] },
    { unit: 's2', rater: 'ben', tags: ['complex_prompt'] },
    { unit: 's3', rater: 'ana', tags: ['incorrect_tool'] },
    { unit: 's3', rater: 'ben', tags: [] },
    { unit: 's4', rater: 'ana', tags: ['complex_prompt'] },
    { unit: 's4', rater: 'ben', tags: ['complex_prompt'] },
    { unit: 's5', rater: 'ana', tags: ['complex_prompt'] },
    { unit: 's5', rater: 'ben', tags: null },
  ];
  const result = multilabelAgreement(buildMultilabelTable(rows, TAGS));

  it('scores each tag as present/absent with Cohen’s κ over units both answered', () => {
    expect(result.statistic).toBe('cohenKappa');
    // incorrect_tool: table [[absent,absent]=2, [absent,present]=0; [present,absent]=1, [present,present]=1].
    expect(result.perTag[0].units).toBe(4);
    expect(result.perTag[0].kappa.value).toBeCloseTo(cohenKappa(tableFromRows([[2, 0], [1, 1]])).value as number, 14);
    expect(result.perTag[1].kappa.value).toBeCloseTo(cohenKappa(tableFromRows([[1, 1], [0, 2]])).value as number, 14);
    expect(result.perTag[2].kappa).toEqual({ value: null, reason: 'only one category observed: expected agreement is 1' });
  });

  it('macro-averages the defined per-tag κ and micro-averages the pooled table', () => {
    const k0 = result.perTag[0].kappa.value as number;
    const k1 = result.perTag[1].kappa.value as number;
    expect(result.macro.value).toBeCloseTo((k0 + k1) / 2, 14);
    expect(result.macro.tagsAveraged).toBe(2);
    // Pooled over three tags × four units: [[2+1+4, 0+1+0], [1+0+0, 1+2+0]] = [[7, 1], [1, 3]].
    expect(result.micro.value).toBeCloseTo(cohenKappa(tableFromRows([[7, 1], [1, 3]])).value as number, 14);
  });

  it("uses Fleiss' κ for three raters", () => {
    const three = multilabelAgreement(buildMultilabelTable([
      { unit: 'a', rater: 'x', tags: ['no_change'] }, { unit: 'a', rater: 'y', tags: ['no_change'] }, { unit: 'a', rater: 'z', tags: [] },
      { unit: 'b', rater: 'x', tags: [] }, { unit: 'b', rater: 'y', tags: [] }, { unit: 'b', rater: 'z', tags: [] },
    ], TAGS));
    expect(three.statistic).toBe('fleissKappa');
    expect(three.perTag[2].units).toBe(2);
    expect(three.perTag[2].kappa.value).not.toBeNull();
  });

  it('refuses tags outside the set and splits labels.csv tag lists', () => {
    expect(() => buildMultilabelTable([{ unit: 'a', rater: 'x', tags: ['typo'], line: 4 }], TAGS)).toThrow('line 4: tag "typo" is not one of the tags');
    expect(parseTagList('incorrect_tool; complex_prompt;')).toEqual(['incorrect_tool', 'complex_prompt']);
  });

  it('is null with a reason for one rater', () => {
    const one = multilabelAgreement(buildMultilabelTable([{ unit: 'a', rater: 'x', tags: [] }], TAGS));
    expect(one.macro.value).toBeNull();
    expect(one.micro.reason).toBe('agreement needs at least two raters; found 1');
  });
});
