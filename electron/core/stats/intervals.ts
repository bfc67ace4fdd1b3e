import { Z95 } from './normal';
import { type Interval } from './stat';

/**
 * How a 95% interval was obtained. Every interval Accord prints names one of these, and each
 * respects the range of its statistic by construction:
 *
 * - `wald-fisher-z`: Wald interval on Fisher's z = atanh of the estimate rescaled to (−1, 1),
 *   back-transformed (delta method: SE_z = SE · dz/dx). Bounded statistics (κ, AC1, …) stay in
 *   their range; recommended for agreement coefficients by Moss (2024, Psychometrika,
 *   "Measures of agreement with multiple raters: Fréchet variances and inference").
 * - `bootstrap-percentile`: 2.5th–97.5th percentile of the statistic over resamples of units
 *   (Efron & Tibshirani 1993, ch. 13); within the statistic's range because every resample is.
 * - `f-distribution`: exact intervals of intraclass correlations from F quantiles
 *   (Shrout & Fleiss 1979; McGraw & Wong 1996), monotone in F ≥ 0 and so within range.
 */
export type IntervalMethod = 'wald-fisher-z' | 'bootstrap-percentile' | 'f-distribution';

/** How each interval method is named in reports and methods sections. */
export const INTERVAL_METHOD_LABEL: Record<IntervalMethod, string> = {
  'wald-fisher-z': 'Wald on Fisher z (atanh), back-transformed',
  'bootstrap-percentile': 'percentile bootstrap over units',
  'f-distribution': 'F distribution (McGraw & Wong 1996)',
};

/**
 * Fewest units for any interval. With n units a bootstrap has at most C(2n − 1, n) distinct
 * resamples (35 for n = 4, 92,378 for n = 10), and large-sample standard errors rest on
 * asymptotics that a handful of units cannot support: below 10 units an interval would look
 * precise without being so, so none is given ("not estimable").
 */
export const MIN_INTERVAL_UNITS = 10;

/**
 * Units below which intervals are flagged as unreliable: max(20, 2k²) for k levels — the minimal
 * n for the normal approximation of (weighted) κ with Fleiss, Cohen & Everitt's (1969) standard
 * error found by simulation (Cicchetti & Fleiss 1977; Cicchetti 1981, "Testing the normal
 * approximation and minimal sample size requirements of weighted kappa when the number of
 * categories is large", Applied Psychological Measurement 5(1): about 20 units for k = 3).
 */
export function smallSampleUnits(levels: number, interval = false): number {
  // `interval`: a score question. Cicchetti (1981) found 2k² for weighted κ on 3 to 10
  // categories; a score of more values is a scale, not categories (a 0–100 score would ask for
  // 20,402 units), and there only the floor of 20 applies.
  return interval && levels > MAX_CICCHETTI_LEVELS ? 20 : Math.max(20, 2 * levels * levels);
}

/** The most categories Cicchetti's (1981) simulations of the 2k² rule covered. */
const MAX_CICCHETTI_LEVELS = 10;

/** The range a statistic can take: κ-type coefficients [−1, 1], proportions [0, 1], … */
export type StatRange = readonly [number, number];

export const KAPPA_RANGE: StatRange = [-1, 1];
export const PROPORTION_RANGE: StatRange = [0, 1];

/** An interval, or why there is none. */
export interface IntervalResult {
  readonly ci95: Interval | null;
  /** "not estimable: …" when ci95 is null. */
  readonly reason?: string;
}

const NOT_ESTIMABLE = 'not estimable';

/** The reason an interval over `n` units is not given, or null when n suffices. */
export function tooFewUnits(n: number): string | null {
  return n < MIN_INTERVAL_UNITS ? `${NOT_ESTIMABLE}: ${n} unit${n === 1 ? '' : 's'}; an interval needs at least ${MIN_INTERVAL_UNITS}` : null;
}

/**
 * Keeps an interval only if it is honest: finite, of positive width, and inside `range` (with a
 * rounding tolerance of 1e-12, after which it is clamped exactly onto the bound). Otherwise null
 * with the reason.
 */
export function checkedInterval(ci: Interval, range: StatRange): IntervalResult {
  const [low, high] = ci;
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { ci95: null, reason: `${NOT_ESTIMABLE}: the bounds are not finite` };
  const scale = Math.max(1, Math.abs(low), Math.abs(high));
  if (!(high - low > 1e-12 * scale)) {
    return { ci95: null, reason: `${NOT_ESTIMABLE}: the interval has zero width (no variation to estimate it from)` };
  }
  const tol = 1e-12 * scale;
  if (low < range[0] - tol || high > range[1] + tol) {
    return { ci95: null, reason: `${NOT_ESTIMABLE}: [${low}, ${high}] leaves the statistic's range [${range[0]}, ${range[1]}]` };
  }
  return { ci95: [Math.max(low, range[0]), Math.min(high, range[1])] };
}

/**
 * A 95% Wald interval computed on Fisher's z scale and transformed back, so that it never leaves
 * the statistic's range [a, b]:
 *
 *   u = (2x − a − b)/(b − a) ∈ (−1, 1),  z = atanh(u),  SE_z = SE · 2 / ((b − a)(1 − u²))
 *   u± = tanh(z ± 1.959964 SE_z),  x± = a + (u± + 1)(b − a)/2
 *
 * For κ on [−1, 1] this is tanh(atanh κ ± 1.96 SE/(1 − κ²)).
 *
 * Not estimable (null with the reason): fewer than {@link MIN_INTERVAL_UNITS} units; no standard
 * error; a standard error of 0 (no variation across units, e.g. perfect agreement); an estimate
 * on the bound of its range, where z is infinite.
 *
 * @example fisherZInterval(0.4842, 0.1380, 14).ci95 // [0.1557…, 0.7136…] (κ = 0.4842, SE 0.138)
 */
export function fisherZInterval(value: number, se: number | null, units: number, range: StatRange = KAPPA_RANGE): IntervalResult {
  const few = tooFewUnits(units);
  if (few) return { ci95: null, reason: few };
  if (se === null || !Number.isFinite(se)) return { ci95: null, reason: `${NOT_ESTIMABLE}: no standard error` };
  if (!(se > 0)) return { ci95: null, reason: `${NOT_ESTIMABLE}: the standard error is 0 (no variation across units, e.g. perfect agreement)` };
  const [a, b] = range;
  const u = (2 * value - a - b) / (b - a);
  if (!(Math.abs(u) < 1 - 1e-12)) {
    return { ci95: null, reason: `${NOT_ESTIMABLE}: the estimate ${value} is on the bound of its range [${a}, ${b}]` };
  }
  const z = Math.atanh(u);
  const seZ = (se * 2) / ((b - a) * (1 - u * u));
  const back = (t: number): number => a + ((Math.tanh(t) + 1) * (b - a)) / 2;
  return checkedInterval([back(z - Z95 * seZ), back(z + Z95 * seZ)], range);
}
