import { type SeConvention } from './conventions';
import { fisherZInterval, type IntervalMethod } from './intervals';
import { type RatingPatterns } from './ratingPatterns';
import { type Interval } from './stat';
import { type WeightMatrix } from './weights';

/** Conger's κ with its standard error and 95% interval. */
export interface CongerKappa {
  readonly value: number | null;
  readonly se: number | null;
  readonly ci95: Interval | null;
  readonly conventions: { readonly se: SeConvention; readonly ci95: IntervalMethod };
  readonly reason?: string;
  readonly ciReason?: string;
}

const CONVENTIONS = { se: 'gwet2014-linearized', ci95: 'wald-fisher-z' } as const;

interface Parts {
  kappa: number;
  pa: number;
  pe: number;
  n: number;
  pairable: number;
  raters: number[];
  ratedBy: Float64Array;
  share: Float64Array;
  meanShare: Float64Array;
  unitAgreement: Float64Array;
  ratingsPerUnit: Float64Array;
}

/**
 * Each pattern's number of ratings rᵢ and its weighted agreement Σ_k r_ik (r*_ik − 1)/(rᵢ(rᵢ − 1))
 * (0 below two ratings): they do not depend on how often the pattern occurs, so a bootstrap
 * computes them once.
 */
function patternAgreement(patterns: RatingPatterns, weights: WeightMatrix): { unitAgreement: Float64Array; ratingsPerUnit: Float64Array } {
  const { levelCount: q, count } = patterns;
  const counts = patterns.counts.counts;
  const unitAgreement = new Float64Array(count);
  const ratingsPerUnit = new Float64Array(count);
  for (let p = 0; p < count; p++) {
    let r = 0;
    for (let k = 0; k < q; k++) r += counts[p * q + k];
    ratingsPerUnit[p] = r;
    if (r < 2) continue;
    let s = 0;
    for (let k = 0; k < q; k++) {
      const x = counts[p * q + k];
      if (x === 0) continue;
      let weighted = 0;
      for (let l = 0; l < q; l++) weighted += weights[k * q + l] * counts[p * q + l];
      s += x * (weighted - 1);
    }
    unitAgreement[p] = s / (r * (r - 1));
  }
  return { unitAgreement, ratingsPerUnit };
}

function parts(patterns: RatingPatterns, frequency: ArrayLike<number>, weights: WeightMatrix): Parts | { reason: string } {
  const { raterCount: m, levelCount: q, count } = patterns;
  if (q < 2) return { reason: "Conger's κ needs at least two levels" };
  const classif = new Float64Array(m * q);
  const ratedBy = new Float64Array(m);
  const { unitAgreement, ratingsPerUnit } = patternAgreement(patterns, weights);
  let n = 0;
  let pairable = 0;
  let agreement = 0;
  for (let p = 0; p < count; p++) {
    const f = frequency[p];
    const r = ratingsPerUnit[p];
    if (f === 0 || r === 0) continue;
    n += f;
    for (let j = 0; j < m; j++) {
      const level = patterns.ratings[p * m + j];
      if (level >= 0) {
        classif[j * q + level] += f;
        ratedBy[j] += f;
      }
    }
    if (r < 2) continue;
    pairable += f;
    agreement += f * unitAgreement[p];
  }
  const raters = Array.from({ length: m }, (_, j) => j).filter((j) => ratedBy[j] > 0);
  const r = raters.length;
  if (r < 2) return { reason: `Conger's κ needs at least two raters with ratings; found ${r}` };
  if (pairable === 0) return { reason: 'no unit has two or more ratings' };
  const share = new Float64Array(m * q);
  const meanShare = new Float64Array(q);
  for (const j of raters) {
    for (let k = 0; k < q; k++) {
      share[j * q + k] = classif[j * q + k] / ratedBy[j];
      meanShare[k] += share[j * q + k] / r;
    }
  }
  let pe = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      let cross = 0;
      for (const j of raters) cross += share[j * q + k] * share[j * q + l];
      const s2 = (cross - r * meanShare[k] * meanShare[l]) / (r - 1);
      pe += weights[k * q + l] * (meanShare[k] * meanShare[l] - s2 / r);
    }
  }
  const pa = agreement / pairable;
  if (!(pe < 1 - 1e-15)) return { reason: 'only one category observed: expected agreement is 1' };
  return { kappa: (pa - pe) / (1 - pe), pa, pe, n, pairable, raters, ratedBy, share, meanShare, unitAgreement, ratingsPerUnit };
}

/**
 * The value of {@link congerKappa} alone, for bootstrap loops (null where it is undefined).
 */
export function congerKappaValue(patterns: RatingPatterns, frequency: ArrayLike<number>, weights: WeightMatrix): number | null {
  const x = parts(patterns, frequency, weights);
  return 'reason' in x ? null : x.kappa;
}

/**
 * Conger's κ of many frequency vectors at once — a bootstrap's resamples: what does not depend
 * on the frequencies (each pattern's agreement and number of ratings, which rater gave which
 * level) is worked out once, so a resample costs one pass over the patterns drawn. The returned
 * function takes `count` frequency vectors (whole numbers, row-major, count × patterns) and
 * writes κ into `out[at + b]` (NaN where undefined): {@link congerKappaValue} of each (to rounding).
 */
export function congerKappaOfResamples(patterns: RatingPatterns, weights: WeightMatrix): (frequencies: Int32Array, count: number, out: Float64Array, at: number) => void {
  const { raterCount: m, levelCount: q, count: patternCount, ratings } = patterns;
  const { unitAgreement, ratingsPerUnit } = patternAgreement(patterns, weights);
  // Per pattern, the cells j·q + level of the ratings it holds (rater j gave level).
  const cellStart = new Int32Array(patternCount + 1);
  const cells: number[] = [];
  for (let p = 0; p < patternCount; p++) {
    cellStart[p] = cells.length;
    if (ratingsPerUnit[p] === 0) continue;
    for (let j = 0; j < m; j++) if (ratings[p * m + j] >= 0) cells.push(j * q + ratings[p * m + j]);
  }
  cellStart[patternCount] = cells.length;
  const cell = Int32Array.from(cells);
  const pairablePattern = Uint8Array.from(ratingsPerUnit, (r) => (r >= 2 ? 1 : 0));
  // The weights' nonzero cells (k, l), in the order pₑ adds them.
  const pairs: number[] = [];
  for (let k = 0; k < q; k++) for (let l = 0; l < q; l++) if (weights[k * q + l] !== 0) pairs.push(k, l);
  const weighted = Int32Array.from(pairs);
  const classif = new Int32Array(m * q);
  const ratedBy = new Int32Array(m);
  const meanShare = new Float64Array(q);
  const share = new Float64Array(m * q);
  return (frequencies, count, out, at) => {
    for (let b = 0; b < count; b++) {
      if (q < 2) {
        out[at + b] = Number.NaN;
        continue;
      }
      const row = b * patternCount;
      classif.fill(0);
      let pairable = 0;
      let agreement = 0;
      for (let p = 0; p < patternCount; p++) {
        const f = frequencies[row + p];
        if (f === 0) continue;
        for (let c = cellStart[p], end = cellStart[p + 1]; c < end; c++) classif[cell[c]] += f;
        if (pairablePattern[p] === 1) {
          pairable += f;
          agreement += f * unitAgreement[p];
        }
      }
      out[at + b] = congerFromSums(m, q, weights, weighted, classif, ratedBy, pairable, agreement, share, meanShare);
    }
  };
}

/**
 * κ_C from one resample's sums: per rater and level how often the rater gave it (`classif`)
 * and the pairable units' count and agreement. NaN where undefined. `weighted` lists the
 * weights' nonzero cells as (k, l) pairs; `ratedBy` (m), `share` (m × q) and `meanShare` (q) are
 * scratch space.
 */
function congerFromSums(
  m: number,
  q: number,
  weights: WeightMatrix,
  weighted: Int32Array,
  classif: Int32Array,
  ratedBy: Int32Array,
  pairable: number,
  agreement: number,
  share: Float64Array,
  meanShare: Float64Array,
): number {
  let r = 0;
  for (let j = 0; j < m; j++) {
    let rated = 0;
    for (let k = 0; k < q; k++) rated += classif[j * q + k];
    ratedBy[j] = rated;
    if (rated > 0) r++;
  }
  if (r < 2 || pairable === 0) return Number.NaN;
  meanShare.fill(0);
  for (let j = 0; j < m; j++) {
    if (ratedBy[j] === 0) continue;
    for (let k = 0; k < q; k++) {
      share[j * q + k] = classif[j * q + k] / ratedBy[j];
      meanShare[k] += share[j * q + k] / r;
    }
  }
  let pe = 0;
  for (let i = 0; i < weighted.length; i += 2) {
    const k = weighted[i];
    const l = weighted[i + 1];
    let cross = 0;
    for (let j = 0; j < m; j++) if (ratedBy[j] > 0) cross += share[j * q + k] * share[j * q + l];
    const s2 = (cross - r * meanShare[k] * meanShare[l]) / (r - 1);
    pe += weights[k * q + l] * (meanShare[k] * meanShare[l] - s2 / r);
  }
  if (!(pe < 1 - 1e-15)) return Number.NaN;
  return (agreement / pairable - pe) / (1 - pe);
}

/**
 * Conger's (1980) κ for any number of raters ("Integration and generalization of kappas for
 * multiple raters", Psychological Bulletin 88(2)): Cohen's κ generalised with each rater's own
 * marginals, in the form for missing ratings and weights of Gwet (2014, ch. 5; irrCAC's
 * `conger.kappa.raw`). With p_gk rater g's share of level k over the n_g units g rated, p̄_k their
 * mean over the r raters, and s²_kl = (Σ_g p_gk p_gl − r p̄_k p̄_l)/(r − 1):
 *
 *   pₐ as in Fleiss' κ (mean over units with ≥ 2 ratings of Σ_k r_ik (r*_ik − 1)/(rᵢ(rᵢ − 1))),
 *   pₑ = Σ_kl w_kl (p̄_k p̄_l − s²_kl / r),   κ_C = (pₐ − pₑ)/(1 − pₑ)
 *
 * Its variance is Gwet's (2014) linearisation (divisor n(n − 1), convention `gwet2014-linearized`):
 * κ*ᵢ = κᵢ − 2(1 − κ_C)(pₑᵢ − pₑ)/(1 − pₑ), κᵢ = (n/n′)(pₐᵢ − pₑ)/(1 − pₑ), with
 * pₑᵢ = Σ_g λ_ig / (r(r − 1)), λ_ig = Σ_k (n/n_g)(r p̄_k − p_gk) Σ_l w_kl (δ_igl − (ε_ig − n_g/n) p_gl).
 * With two raters and complete data κ_C is Cohen's κ. The interval is `fisherZInterval`'s.
 *
 * Degenerate input: fewer than two levels or raters with ratings, no unit with two ratings, or
 * a single category → null with the reason.
 *
 * @example congerKappa(patterns(cacRaw4raters), identity).value // 0.76282 (irrCAC README: se 0.14917)
 */
export function congerKappa(patterns: RatingPatterns, weights: WeightMatrix): CongerKappa {
  const x = parts(patterns, patterns.frequency, weights);
  if ('reason' in x) return { value: null, se: null, ci95: null, conventions: CONVENTIONS, reason: x.reason };
  const { kappa, pe, n, pairable, raters, ratedBy, share, meanShare, unitAgreement, ratingsPerUnit } = x;
  const { raterCount: m, levelCount: q, count, frequency } = patterns;
  if (n < 2) return { value: kappa, se: null, ci95: null, conventions: CONVENTIONS, reason: 'the standard error needs at least two units', ciReason: 'not estimable: no standard error' };
  const r = raters.length;
  // Σ_l w_kl p_gl and r p̄_k − p_gk, per rater, reused for every unit.
  const weightedShare = new Float64Array(m * q);
  for (const j of raters) {
    for (let k = 0; k < q; k++) {
      let s = 0;
      for (let l = 0; l < q; l++) s += weights[k * q + l] * share[j * q + l];
      weightedShare[j * q + k] = s;
    }
  }
  let squares = 0;
  for (let p = 0; p < count; p++) {
    const f = frequency[p];
    if (f === 0 || ratingsPerUnit[p] === 0) continue;
    let lambda = 0;
    for (const j of raters) {
      const level = patterns.ratings[p * m + j];
      const rated = level >= 0 ? 1 : 0;
      const scale = n / ratedBy[j];
      const offset = rated - ratedBy[j] / n;
      for (let k = 0; k < q; k++) {
        const inner = (level >= 0 ? weights[k * q + level] : 0) - offset * weightedShare[j * q + k];
        lambda += scale * (r * meanShare[k] - share[j * q + k]) * inner;
      }
    }
    const unitChance = lambda / (r * (r - 1));
    const unitKappa = ratingsPerUnit[p] >= 2 ? ((n / pairable) * (unitAgreement[p] - pe)) / (1 - pe) : 0;
    const linearised = unitKappa - (2 * (1 - kappa) * (unitChance - pe)) / (1 - pe);
    squares += f * (linearised - kappa) ** 2;
  }
  const se = Math.sqrt(squares / (n * (n - 1)));
  const interval = fisherZInterval(kappa, se, pairable);
  return { value: kappa, se, ci95: interval.ci95, conventions: CONVENTIONS, ...(interval.reason ? { ciReason: interval.reason } : {}) };
}
