import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { coincidenceFromCounts } from './coincidenceMatrix';
import { countSumsOfResamples } from './countSums';
import { fleissKappa, fleissKappaFromSums, fleissKappaOfResamples } from './fleissKappa';
import { freeMarginalFromObserved, freeMarginalKappa } from './pabak';
import { multiRaterAgreement } from './percentAgreement';

describe('countSumsOfResamples', () => {
  // Rows with varying ratings per unit, a lone rating, an unrated row and unused categories.
  const rows = [[2, 1, 0, 0], [0, 3, 0, 0], [1, 1, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [0, 0, 0, 0], [3, 0, 0, 1]];
  const reweightings = [[1, 1, 1, 1, 1, 1, 1], [0, 2, 1, 0, 3, 1, 0], [4, 0, 0, 0, 1, 2, 2], [0, 0, 0, 0, 5, 3, 0], [0, 3, 0, 0, 0, 0, 0]];

  it('gives the sums from which P̄, PABAK, Fleiss κ and the coincidence matrix equal their direct computation under every reweighting', () => {
    const base = countsFromRows(rows);
    const sums = countSumsOfResamples(base)(Int32Array.from(reweightings.flat()), reweightings.length);
    const fleissOfSums = new Float64Array(reweightings.length);
    fleissKappaOfResamples(sums, reweightings.length, fleissOfSums, 0);
    const { q } = base;
    reweightings.forEach((w, b) => {
      const counts = { ...base, weights: Float64Array.from(w) };
      const one = { units: sums.units[b], pairable: sums.pairable[b], agreement: sums.agreement[b], share: sums.share.subarray(b * q, b * q + q) };
      expect(Array.from(sums.coincidence.subarray(b * q * q, (b + 1) * q * q))).toEqual(Array.from(coincidenceFromCounts(counts)).map((x) => expect.closeTo(x, 12)));
      // The block's Fleiss κ is fleissKappaFromSums of each resample's sums, exactly.
      expect(fleissOfSums[b]).toBe(fleissKappaFromSums(q, one) ?? Number.NaN);
      const observed = multiRaterAgreement(counts).value;
      if (observed === null) {
        expect(one.pairable).toBe(0);
        return;
      }
      expect(one.agreement / one.pairable).toBeCloseTo(observed, 12);
      expect(freeMarginalFromObserved(one.agreement / one.pairable, q)).toBeCloseTo(freeMarginalKappa(counts).value as number, 12);
      const kappa = fleissKappa(counts).value;
      if (kappa === null) expect(fleissKappaFromSums(q, one)).toBeNull();
      else expect(fleissKappaFromSums(q, one)).toBeCloseTo(kappa, 12);
    });
  });
});
