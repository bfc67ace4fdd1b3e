import { binomialPmf } from '../../stats/binomialPmf';
import { count, pValue } from '../../../common/numberFormat';

/** Significance level under which two paired runs are said to differ. */
export const MCNEMAR_ALPHA = 0.05;

/** The exact McNemar test of two paired runs on the units where exactly one of them was right. */
export interface McNemarExact {
  test: 'exact McNemar';
  /** Units run B got right and run A wrong. */
  fixed: number;
  /** Units run A got right and run B wrong. */
  regressed: number;
  /** Two-sided exact p; null when no unit is discordant (nothing to test). */
  pValue: number | null;
  /** Which run is better at `alpha`, or none when p ≥ alpha (or no discordant unit). */
  better: 'a' | 'b' | null;
}

/**
 * McNemar's (1947) test in its exact (conditional binomial) form: under "the two runs are
 * equally accurate", each of the b + c discordant units is a fixed one with probability ½, so
 * p = min(1, 2 · P(X ≤ min(b, c))), X ~ Bin(b + c, ½). This is statsmodels'
 * `mcnemar(table, exact=True)` and scipy's `binomtest(min(b, c), b + c, 0.5)` (two-sided).
 * Concordant units carry no information on the difference and do not enter.
 *
 * @example mcnemarExact(5, 1) // p = 2 · 7/64 = 0.21875 (scipy.stats.binomtest(1, 6, 0.5).pvalue)
 */
export function mcnemarExact(fixed: number, regressed: number, alpha = MCNEMAR_ALPHA): McNemarExact {
  const n = fixed + regressed;
  if (n === 0) return { test: 'exact McNemar', fixed, regressed, pValue: null, better: null };
  let tail = 0;
  for (let x = 0; x <= Math.min(fixed, regressed); x++) tail += binomialPmf(x, n, 0.5);
  const p = Math.min(1, 2 * tail);
  return { test: 'exact McNemar', fixed, regressed, pValue: p, better: p < alpha ? (fixed > regressed ? 'b' : 'a') : null };
}

/**
 * The comparison in words, with its test and n (runs named as given): "run 2 is more accurate (n = 20, McNemar exact
 * p = 0.016 on 7 fixed vs 0 regressed)" or "no evidence of a difference (n = 20, McNemar exact
 * p = 0.219 on 5 fixed vs 1 regressed)"; with no unit of gold (n = 0), that there is nothing to
 * compare, not that no difference was found.
 */
export function mcnemarSentence(m: McNemarExact, n: number, runA: string, runB: string): string {
  if (n === 0) return 'cannot compare accuracy: no unit both runs answered has gold';
  if (m.pValue === null) return `no evidence of a difference (n = ${count(n)}; no unit is right in one run and wrong in the other)`;
  const test = `n = ${count(n)}, McNemar exact p = ${pValue(m.pValue)} on ${count(m.fixed)} fixed vs ${count(m.regressed)} regressed`;
  if (m.better === null) return `no evidence of a difference (${test})`;
  return `${m.better === 'b' ? runB : runA} is more accurate (${test})`;
}
