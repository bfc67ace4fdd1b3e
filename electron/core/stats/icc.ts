import { fQuantile, fUpper } from './fDistribution';
import { checkedInterval, type StatRange, tooFewUnits } from './intervals';
import { type RatingPatterns } from './ratingPatterns';
import { type Interval } from './stat';

/** The six intraclass correlations, named as R's psych::ICC names them. */
export type IccType = 'ICC1' | 'ICC2' | 'ICC3' | 'ICC1k' | 'ICC2k' | 'ICC3k';

export const ICC_TYPES: readonly IccType[] = ['ICC1', 'ICC2', 'ICC3', 'ICC1k', 'ICC2k', 'ICC3k'];

/** What each form measures (Shrout & Fleiss 1979; McGraw & Wong 1996), for tables and methods sections. */
export const ICC_LABEL: Record<IccType, string> = {
  ICC1: 'ICC(1,1): one-way random, single rater, absolute agreement',
  ICC2: 'ICC(2,1): two-way random, single rater, absolute agreement',
  ICC3: 'ICC(3,1): two-way mixed, single rater, consistency',
  ICC1k: 'ICC(1,k): one-way random, mean of k raters, absolute agreement',
  ICC2k: 'ICC(2,k): two-way random, mean of k raters, absolute agreement',
  ICC3k: 'ICC(3,k): two-way mixed, mean of k raters, consistency',
};

/** One intraclass correlation with its F test and F-based 95% interval. */
export interface IccEstimate {
  readonly type: IccType;
  readonly value: number | null;
  /** F statistic of the test of ICC = 0, its degrees of freedom and upper-tail p. */
  readonly f: number | null;
  readonly df1: number;
  readonly df2: number;
  readonly p: number | null;
  readonly ci95: Interval | null;
  readonly conventions: { readonly ci95: 'f-distribution' };
  readonly reason?: string;
  readonly ciReason?: string;
}

/** The intraclass correlations of a units × raters table of numeric ratings. */
export interface IccReport {
  /** Units used: those every rater rated (complete cases, as psych::ICC). */
  readonly units: number;
  readonly raters: number;
  /** Units left out because a rater did not rate them. */
  readonly incompleteUnits: number;
  /** Mean squares of the two-way ANOVA: between units (MSB / MSR), between raters (MSJ / MSC), residual (MSE), within units (MSW). */
  readonly meanSquares: { readonly between: number; readonly raters: number; readonly error: number; readonly within: number } | null;
  readonly estimates: IccEstimate[];
  readonly reason?: string;
}

/** An ICC report where the intraclass correlations do not apply, and why. */
export function undefinedIcc(reason: string, raters: number): IccReport {
  return {
    units: 0, raters, incompleteUnits: 0, meanSquares: null, reason,
    estimates: ICC_TYPES.map((type) => ({ type, value: null, f: null, df1: 0, df2: 0, p: null, ci95: null, conventions: { ci95: 'f-distribution' }, reason })),
  };
}

/**
 * The range of each form: single-rater ICC(1,1) and ICC(3,1) lie in [−1/(k − 1), 1]; ICC(2,1)
 * and the averages have no finite lower bound (their denominators can approach 0).
 */
export function iccRange(type: IccType, raters: number): StatRange {
  return type === 'ICC1' || type === 'ICC3' ? [-1 / (raters - 1), 1] : [-Infinity, 1];
}

/** {@link icc} on rating patterns: each unit rated by every rater, on the levels' numeric values. */
export function iccOfPatterns(patterns: RatingPatterns, values: readonly number[]): IccReport {
  const m = patterns.raterCount;
  const rows: number[][] = [];
  let incomplete = 0;
  for (let p = 0; p < patterns.count; p++) {
    const row: number[] = [];
    for (let j = 0; j < m; j++) {
      const level = patterns.ratings[p * m + j];
      if (level < 0) break;
      row.push(values[level]);
    }
    if (row.length < m) {
      incomplete += patterns.frequency[p];
      continue;
    }
    for (let f = 0; f < patterns.frequency[p]; f++) rows.push(row);
  }
  return icc(rows, { raters: m, incompleteUnits: incomplete });
}

/**
 * Intraclass correlations of k raters' numeric ratings of n units (Shrout & Fleiss 1979,
 * "Intraclass correlations: uses in assessing rater reliability", Psychological Bulletin 86(2);
 * McGraw & Wong 1996, Psychological Methods 1(1)), exactly as R's psych::ICC (lmer = FALSE)
 * computes them, from the two-way ANOVA of units × raters (complete cases only):
 *
 *   MSB = k Σᵢ (x̄ᵢ. − x̄)² / (n − 1),  MSJ = n Σⱼ (x̄.ⱼ − x̄)² / (k − 1),
 *   MSE = (SST − SSB − SSJ) / ((n − 1)(k − 1)),  MSW = (SST − SSB) / (n (k − 1))
 *
 *   ICC1 = (MSB − MSW)/(MSB + (k−1) MSW)            ICC1k = (MSB − MSW)/MSB
 *   ICC2 = (MSB − MSE)/(MSB + (k−1) MSE + k (MSJ − MSE)/n)   ICC2k = (MSB − MSE)/(MSB + (MSJ − MSE)/n)
 *   ICC3 = (MSB − MSE)/(MSB + (k−1) MSE)            ICC3k = (MSB − MSE)/MSB
 *
 * Tests: F = MSB/MSW on (n − 1, n(k − 1)) for ICC1/ICC1k, F = MSB/MSE on (n − 1, (n − 1)(k − 1))
 * for the others. 95% intervals from F quantiles (Shrout & Fleiss 1979, table 4; McGraw & Wong
 * 1996, table 7, with Satterthwaite's df for ICC(2,1)): F_L = F / F_{.975}(df1, df2),
 * F_U = F · F_{.975}(df2, df1); ICC1 [(F_L − 1)/(F_L + k − 1), (F_U − 1)/(F_U + k − 1)], ICC1k
 * [1 − 1/F_L, 1 − 1/F_U], likewise ICC3 and ICC3k with MSE; ICC2 by McGraw & Wong's formula,
 * ICC2k by the Spearman–Brown step-up of its bounds. An interval outside its form's range (see
 * {@link iccRange}) or on fewer than 10 units is not given ("not estimable").
 *
 * Degenerate input: fewer than two raters or complete units → every estimate null; no variation
 * at all (MSB = MSE = 0) → null ("no variation: every rating is the same").
 *
 * @example icc(SHROUT_FLEISS_1979).estimates.map((e) => e.value?.toFixed(2))
 *   // ['0.17', '0.29', '0.71', '0.44', '0.62', '0.91'] (Shrout & Fleiss 1979, table 3)
 */
export function icc(rows: readonly (readonly (number | null)[])[], known: { raters: number; incompleteUnits: number } | null = null): IccReport {
  // `known`: the rows are the complete ones of a larger set (iccOfPatterns), whose raters and
  // incomplete units they no longer show — none at all when no unit was rated by everyone.
  const k = known?.raters ?? rows[0]?.length ?? 0;
  const complete = rows.filter((row) => row.length === k && row.every((x) => x !== null && Number.isFinite(x))) as number[][];
  const n = complete.length;
  const incompleteUnits = known?.incompleteUnits ?? rows.length - n;
  const none = (reason: string): IccReport => ({
    units: n, raters: k, incompleteUnits, meanSquares: null, reason,
    estimates: ICC_TYPES.map((type) => ({ type, value: null, f: null, df1: 0, df2: 0, p: null, ci95: null, conventions: { ci95: 'f-distribution' }, reason })),
  });
  if (k < 2) return none(`intraclass correlations need at least two raters; found ${k}`);
  if (n < 2) {
    const missing = incompleteUnits > 0 ? ` (${incompleteUnits} unit${incompleteUnits === 1 ? ' lacks' : 's lack'} a rating from one or more of the ${k} raters)` : '';
    return none(`intraclass correlations need at least two units rated by every rater; found ${n}${missing}`);
  }

  let grand = 0;
  const rowMeans = new Float64Array(n);
  const colMeans = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < k; j++) {
      rowMeans[i] += complete[i][j];
      colMeans[j] += complete[i][j];
      grand += complete[i][j];
    }
  }
  grand /= n * k;
  for (let i = 0; i < n; i++) rowMeans[i] /= k;
  for (let j = 0; j < k; j++) colMeans[j] /= n;
  let sst = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < k; j++) sst += (complete[i][j] - grand) ** 2;
  let ssb = 0;
  for (let i = 0; i < n; i++) ssb += k * (rowMeans[i] - grand) ** 2;
  let ssj = 0;
  for (let j = 0; j < k; j++) ssj += n * (colMeans[j] - grand) ** 2;
  const sse = Math.max(0, sst - ssb - ssj);
  const msb = ssb / (n - 1);
  const msj = ssj / (k - 1);
  const mse = sse / ((n - 1) * (k - 1));
  const msw = Math.max(0, sst - ssb) / (n * (k - 1));
  if (!(sst > 1e-12 * Math.max(1, grand * grand))) return none('no variation: every rating is the same');
  const meanSquares = { between: msb, raters: msj, error: mse, within: msw };

  const values: Record<IccType, number> = {
    ICC1: (msb - msw) / (msb + (k - 1) * msw),
    ICC2: (msb - mse) / (msb + (k - 1) * mse + (k * (msj - mse)) / n),
    ICC3: (msb - mse) / (msb + (k - 1) * mse),
    ICC1k: (msb - msw) / msb,
    ICC2k: (msb - mse) / (msb + (msj - mse) / n),
    ICC3k: (msb - mse) / msb,
  };
  const df11n = n - 1;
  const df11d = n * (k - 1);
  const df21d = (n - 1) * (k - 1);
  const f11 = msb / msw;
  const f21 = msb / mse;

  const bounds: Partial<Record<IccType, Interval>> = {};
  const few = tooFewUnits(n);
  if (!few) {
    const q = (a: number, b: number) => fQuantile(0.975, a, b);
    const f1L = f11 / q(df11n, df11d);
    const f1U = f11 * q(df11d, df11n);
    bounds.ICC1 = [(f1L - 1) / (f1L + (k - 1)), (f1U - 1) / (f1U + k - 1)];
    bounds.ICC1k = [1 - 1 / f1L, 1 - 1 / f1U];
    const f3L = f21 / q(df11n, df21d);
    const f3U = f21 * q(df21d, df11n);
    bounds.ICC3 = [(f3L - 1) / (f3L + k - 1), (f3U - 1) / (f3U + k - 1)];
    bounds.ICC3k = [1 - 1 / f3L, 1 - 1 / f3U];
    const icc2 = values.ICC2;
    const fj = msj / mse;
    const vn = (k - 1) * (n - 1) * (k * icc2 * fj + n * (1 + (k - 1) * icc2) - k * icc2) ** 2;
    const vd = (n - 1) * k * k * icc2 * icc2 * fj * fj + (n * (1 + (k - 1) * icc2) - k * icc2) ** 2;
    const v = vn / vd;
    const fU = q(n - 1, v);
    const fL = q(v, n - 1);
    const l2 = (n * (msb - fU * mse)) / (fU * (k * msj + (k * n - k - n) * mse) + n * msb);
    const u2 = (n * (fL * msb - mse)) / (k * msj + (k * n - k - n) * mse + n * fL * msb);
    bounds.ICC2 = [l2, u2];
    bounds.ICC2k = [(l2 * k) / (1 + l2 * (k - 1)), (u2 * k) / (1 + u2 * (k - 1))];
  }

  const estimates = ICC_TYPES.map((type): IccEstimate => {
    const oneWay = type === 'ICC1' || type === 'ICC1k';
    const f = oneWay ? f11 : f21;
    const df1 = df11n;
    const df2 = oneWay ? df11d : df21d;
    const value = values[type];
    const base = { type, df1, df2, conventions: { ci95: 'f-distribution' as const } };
    if (!Number.isFinite(value)) {
      return { ...base, value: null, f: null, p: null, ci95: null, reason: 'the ICC is 0/0 for these mean squares' };
    }
    const test = Number.isFinite(f) ? { f, p: fUpper(f, df1, df2) } : { f: null, p: null };
    const raw = bounds[type];
    const interval = few ? { ci95: null, reason: few } : raw ? checkedInterval(raw, iccRange(type, k)) : { ci95: null, reason: 'not estimable' };
    return { ...base, value, ...test, ci95: interval.ci95, ...(interval.reason ? { ciReason: interval.reason } : {}) };
  });
  return { units: n, raters: k, incompleteUnits, meanSquares, estimates };
}
