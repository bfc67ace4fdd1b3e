import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { coincidenceFromCounts } from './coincidenceMatrix';
import { countSumsResampler } from './countSums';
import { fleissKappa, fleissKappaFromSums } from './fleissKappa';
import { freeMarginalFromObserved, freeMarginalKappa } from './pabak';
import { multiRaterAgreement } from './percentAgreement';

describe('countSumsResampler', () => {
  // Rows with varying ratings per unit, a lone rating, an unrated row and unused categories.
  const rows = [[2, 1, 0, 0], [0, 3, 0, 0], [1, 1, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [0, 0, 0, 0], [3, 0, 0, 1]];
  const reweightings = [[1, 1, 1, 1, 1, 1, 1], [0, 2, 1, 0, 3, 1, 0], [4, 0, 0, 0, 1, 2, 2], [0, 0, 0, 0, 5, 3, 0], [0, 3, 0, 0, 0, 0, 0]];

  it('gives the sums from which P̄, PABAK, Fleiss κ and the coincidence matrix equal their direct computation under every reweighting', () => {
    const base = countsFromRows(rows);
    const sumsOf = countSumsResampler(base);
    for (const w of reweightings) {
      const counts = { ...base, weights: Float64Array.from(w) };
      const sums = sumsOf(w);
      expect(Array.from(sums.coincidence)).toEqual(Array.from(coincidenceFromCounts(counts)).map((x) => expect.closeTo(x, 12)));
      const observed = multiRaterAgreement(counts).value;
      if (observed === null) {
        expect(sums.pairable).toBe(0);
        continue;
      }
      expect(sums.agreement / sums.pairable).toBeCloseTo(observed, 12);
      expect(freeMarginalFromObserved(sums.agreement / sums.pairable, base.q)).toBeCloseTo(freeMarginalKappa(counts).value as number, 12);
      const kappa = fleissKappa(counts).value;
      if (kappa === null) expect(fleissKappaFromSums(base.q, sums)).toBeNull();
      else expect(fleissKappaFromSums(base.q, sums)).toBeCloseTo(kappa, 12);
    }
  });
});
