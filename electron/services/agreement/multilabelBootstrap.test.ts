import { describe, expect, it } from 'vitest';
import { buildMultilabelTable, multilabelAgreement, type TagRow } from '../../core/stats';
import { multilabelBootstrap } from './multilabelBootstrap';

const TAGS = ['a', 'b'];
/** `sets[u] = [rater 1's tags, rater 2's tags, …]` as rows. */
const rows = (sets: string[][][]): TagRow[] =>
  sets.flatMap((answers, u) => answers.map((tags, r) => ({ unit: `u${u}`, rater: `r${r}`, tags })));

describe('multilabelBootstrap', () => {
  it('gives no zero-width [1, 1] when the raters always agree: not estimable, with the reason', () => {
    const sets = Array.from({ length: 20 }, (_, u) => {
      const tags = [u % 2 ? 'a' : '', u % 3 ? 'b' : ''].filter(Boolean);
      return [tags, tags];
    });
    const out = multilabelBootstrap(buildMultilabelTable(rows(sets), TAGS), 400, 3);
    expect(out.macro.ci95).toBeNull();
    expect(out.micro.ci95).toBeNull();
    expect(out.macro.reason).toMatch(/^not estimable: 95% or more of the resamples gave the same value/);
  });

  it('is reproducible with its seed and brackets the point estimates, for two raters and for three', () => {
    const sets = Array.from({ length: 40 }, (_, u) => [[u % 2 ? 'a' : '', u % 5 ? 'b' : ''].filter(Boolean), [u % 3 ? 'a' : '', u % 5 ? 'b' : ''].filter(Boolean), [u % 2 ? 'a' : ''].filter(Boolean)]);
    for (const raters of [2, 3]) {
      const table = buildMultilabelTable(rows(sets.map((s) => s.slice(0, raters))), TAGS);
      const point = multilabelAgreement(table);
      const a = multilabelBootstrap(table, 500, 9);
      expect(multilabelBootstrap(table, 500, 9)).toEqual(a);
      expect(multilabelBootstrap(table, 500, 10)).not.toEqual(a);
      expect(a.macro.ci95![0]).toBeLessThan(point.macro.value!);
      expect(a.macro.ci95![1]).toBeGreaterThan(point.macro.value!);
      expect(a.micro.ci95![0]).toBeLessThan(point.micro.value!);
      expect(a.micro.ci95![1]).toBeGreaterThan(point.micro.value!);
    }
  });

  it('says why there is no interval with fewer than two raters', () => {
    const out = multilabelBootstrap(buildMultilabelTable(rows([[['a']]]), TAGS), 100, 1);
    expect(out.macro).toEqual({ ci95: null, defined: 0, reason: 'agreement needs at least two raters' });
  });
});
