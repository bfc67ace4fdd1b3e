import { afterEach, describe, expect, it } from 'vitest';
import { agreementWorkspace, plan, type TestLabel } from '../../testing/agreementWorkspace';
import { landisKochBand } from '../../core/stats/landisKoch';

const SCHEMA = {
  id: 'tags-test',
  title: 'Tags',
  kinds: ['plan'],
  questions: [{ id: 'tags', type: 'multilabel', title: 'Problems', tags: ['a', 'b', 'c'], required: false, allowNA: true }],
};

/**
 * Two raters' tag sets on pq-001 … pq-010 (and N/A from ana on pq-011), built so each tag's
 * 2 × 2 table is known:
 *   tag a: both 4, ana only 1, ben only 1, neither 4 → p_o .8, p_e .5,              κ = .6
 *   tag b: both 2, ana only 2, ben only 0, neither 6 → p_o .8, p_e .4·.2 + .6·.8 = .56, κ = .24/.44
 *   tag c: never chosen → κ undefined (one category), left out of the macro average
 *   macro = (.6 + .24/.44) / 2; micro pools the 30 decisions: both 6, ana only 3, ben only 1,
 *   neither 20 → p_o 26/30, p_e .3·(7/30) + .7·(23/30), κ = (26/30 − p_e) / (1 − p_e).
 * Identical sets on pq-001, 002, 007–010: 6 of 10.
 */
const ANA = ['a;b', 'a;b', 'a;b', 'a;b', 'a', '', '', '', '', ''];
const BEN = ['a;b', 'a;b', 'a', 'a', '', 'a', '', '', '', ''];
const rows: TestLabel[] = [
  ...ANA.map((v, i): TestLabel => [plan(i + 1), '', 'tags', 'ana', v]),
  ...BEN.map((v, i): TestLabel => [plan(i + 1), '', 'tags', 'ben', v]),
  [plan(11), '', 'tags', 'ana', 'N/A'],
  [plan(11), '', 'tags', 'ben', 'a'],
];

let ws: Awaited<ReturnType<typeof agreementWorkspace>> | undefined;
afterEach(() => ws?.dispose());

describe('agreement on a multilabel question', () => {
  it('gives κ per tag, the macro and micro averages, and identical-set agreement', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(rows);
    const detail = await w.api('agreement.question', { task: 't', question: 'tags', bootstrap: 300, seed: 3 });
    const macro = (0.6 + 0.24 / 0.44) / 2;
    const pe = 0.3 * (7 / 30) + 0.7 * (23 / 30);
    const micro = (26 / 30 - pe) / (1 - pe);

    expect(detail.row).toMatchObject({ kind: 'multilabel', units: 11, pairableUnits: 10, disagreements: 4 });
    expect(detail.row.percentAgreement).toBeCloseTo(0.6, 12);
    expect(detail.row.headline).toMatchObject({ statistic: 'macroKappa', ci95Normal: null, n: 10 });
    // Tag c's κ is undefined: the name says the mean is over 2 of the 3 tags.
    expect(detail.row.headline.label).toBe('macro κ (mean over 2 of 3 tags)');
    // Judged on the macro κ's bootstrap interval over the 10 compared units, which spans bands.
    const macroCi = detail.row.headline.ci95Bootstrap!;
    expect(detail.row.headline.judgement).toEqual({ kind: 'range', low: landisKochBand(macroCi[0]), high: landisKochBand(macroCi[1]) });
    expect(detail.row.headline.value).toBeCloseTo(macro, 12);
    expect(detail.multilabel).toMatchObject({ statistic: 'cohenKappa', macro: { tagsAveraged: 2 } });
    expect(detail.multilabel!.micro.value).toBeCloseTo(micro, 12);

    expect(detail.perCategory.map((c) => c.category)).toEqual(['a', 'b', 'c']);
    expect(detail.perCategory[0].value).toBeCloseTo(0.6, 12);
    expect(detail.perCategory[1].value).toBeCloseTo(0.24 / 0.44, 12);
    expect(detail.perCategory[2]).toMatchObject({ value: null, reason: expect.stringMatching(/one category/) });
    // Each tag's own report (Cohen's κ with its standard error) is the same κ the averages use.
    expect(detail.tags![0].report.cohenKappa.value).toBeCloseTo(0.6, 12);
    expect(detail.perCategory[0].ci95).toEqual(detail.tags![0].report.cohenKappa.ci95);

    const [low, high] = detail.row.headline.ci95Bootstrap!;
    expect(low).toBeLessThan(macro);
    expect(high).toBeGreaterThan(macro);
    expect(detail.multilabel!.micro.ci95Bootstrap).not.toBeNull();

    expect(detail.raterMatrix.statistic).toBe('macroKappa');
    expect(detail.raterMatrix.cells[0][1]!.kappa.value).toBeCloseTo(macro, 12);
    expect(detail.raterMatrix.cells[0][1]!.percentAgreement.value).toBeCloseTo(0.6, 12);
    expect(detail.distribution).toEqual([
      { rater: 'ana', counts: [5, 4, 0], answered: 10, notApplicable: 1 },
      { rater: 'ben', counts: [6, 2, 0], answered: 11, notApplicable: 0 },
    ]);
    expect(detail.row.warnings.map((x) => x.code)).toContain('single-rated-units');
    expect(detail.statistics.map((s) => s.key)).toEqual(['percentAgreement', 'macroKappa', 'microKappa']);
  });

  it('lists disagreeing units with the number of tags that differ', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(rows);
    const detail = await w.api('agreement.question', { task: 't', question: 'tags', bootstrap: 0 });
    expect(detail.disagreements.map((d) => [d.externalId, d.spread])).toEqual([
      [plan(3), 1],
      [plan(4), 1],
      [plan(5), 1],
      [plan(6), 1],
    ]);
    expect(detail.disagreements[0].ratings).toEqual([
      { rater: 'ana', value: 'a;b' },
      { rater: 'ben', value: 'a' },
    ]);
  });

  it("uses Fleiss' κ per tag with three raters, and the same κ in the macro average and its tags", async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels([...rows, ...BEN.map((v, i): TestLabel => [plan(i + 1), '', 'tags', 'cy', v])]);
    const detail = await w.api('agreement.question', { task: 't', question: 'tags', bootstrap: 100 });
    expect(detail.multilabel!.statistic).toBe('fleissKappa');
    const perTag = detail.tags!.map((t) => t.headline.value).filter((v): v is number => v !== null);
    expect(detail.row.headline.value).toBeCloseTo(perTag.reduce((a, b) => a + b, 0) / perTag.length, 12);
    expect(detail.tags!.every((t) => t.headline.statistic === 'fleissKappa')).toBe(true);
    expect(detail.row.headline.ci95Bootstrap).not.toBeNull();
  });
});
