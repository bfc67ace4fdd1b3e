import { type CategoryCounts } from './categoryCounts';
import { type ResampleCountSums } from './countSums';
import { DEFAULT_GWET_VARIANCE, type GwetVariance, type SeConvention } from './conventions';
import { fisherZInterval, type IntervalMethod } from './intervals';
import { type Interval } from './stat';
import { type WeightMatrix, weightMatrix } from './weights';

/**
 * Gwet's AC1 or AC2 with its standard error and 95% interval (Wald on Fisher's z, within
 * [−1, 1]); `conventions` names the variance used and the interval method.
 */
export interface GwetEstimate {
  readonly value: number | null;
  readonly se: number | null;
  readonly ci95: Interval | null;
  readonly conventions: { readonly se: SeConvention; readonly ci95: IntervalMethod };
  readonly reason?: string;
  /** Why ci95 is null beside a defined value ("not estimable: …"). */
  readonly ciReason?: string;
}

/** How to compute the variance, and the design it is for. */
export interface GwetOptions {
  /** Default `gwet2008`: Gwet's published form for the design (see `GWET_VARIANCE_LABEL`). */
  readonly variance?: GwetVariance;
  /** Raters in the study; with 2 (and every unit rated by both) `gwet2008` uses the two-rater closed form. */
  readonly raters?: number;
}

function undefinedGwet(reason: string, se: SeConvention = 'gwet2014-linearized'): GwetEstimate {
  return { value: null, se: null, ci95: null, conventions: { se, ci95: 'wald-fisher-z' }, reason };
}

/**
 * Gwet's AC2 for any number of raters with missing ratings, and its variance (Gwet 2008,
 * "Computing inter-rater reliability and its variance in the presence of high agreement";
 * Gwet 2014, Handbook of Inter-Rater Reliability, 4th ed., ch. 2–3 and 5; the algorithm of his
 * irrCAC `gwet.ac1.raw` with an infinite population, f = 0). With agreement weights w, q
 * categories, r_ik raters putting unit i in k, rᵢ = Σ_k r_ik and r*_ik = Σ_l w_kl r_il:
 *
 *   pₐ = (1/n′) Σ_{i: rᵢ ≥ 2} pₐᵢ,  pₐᵢ = Σ_k r_ik (r*_ik − 1) / (rᵢ (rᵢ − 1))
 *   π_k = (1/n) Σ_{i: rᵢ ≥ 1} r_ik / rᵢ,  T_w = Σ_kl w_kl
 *   pₑ = T_w / (q (q − 1)) · Σ_k π_k (1 − π_k),   AC = (pₐ − pₑ) / (1 − pₑ)
 *
 *   Var(AC) = 1/(n (n − 1)) Σᵢ (γ*ᵢ − AC)²,  γ*ᵢ = γᵢ − 2 (1 − AC)(pₑᵢ − pₑ)/(1 − pₑ),
 *   γᵢ = (n/n′)(pₐᵢ − pₑ)/(1 − pₑ) if rᵢ ≥ 2 else 0,  pₑᵢ = T_w/(q(q−1)) Σ_k (r_ik/rᵢ)(1 − π_k)
 *
 * That is Gwet's (2014) linearised variance (convention `gwet2014-linearized`, irrCAC's
 * `gwet.ac1.raw`). For two raters who both rated every unit, Gwet (2008) published the closed form
 *
 *   Var(AC) = 1/(n (1 − pₑ)²) [ Σ_kl p_kl (w_kl − 2(1 − AC) T_w (1 − (π_k + π_l)/2)/(q(q−1)))²
 *                               − (pₐ − 2 (1 − AC) pₑ)² ]
 *
 * (irrCAC's `gwet.ac1.table`), which equals 1/n² Σᵢ (γ*ᵢ − AC)²: the same sum with divisor n²
 * (convention `gwet2008-two-raters`). Option `variance: 'gwet2008'` (the default) uses each
 * published form for its design; `'irrcac-raw'` the linearised form everywhere. q is the size of
 * the category universe.
 *
 * Degenerate input: fewer than two levels → null; no unit with two ratings → null; n < 2 →
 * value with se null. The interval is `fisherZInterval`'s (null with `ciReason` when not
 * estimable, e.g. under 10 units or with se = 0).
 *
 * @example gwetAC2(counts4raters, weightMatrix('quadratic', [1, 2, 3, 4, 5])) // value 0.914, se 0.10396 (Gwet, irrCAC)
 */
export function gwetAC2(counts: CategoryCounts, weights: WeightMatrix, options: GwetOptions = {}): GwetEstimate {
  const point = gwetPoint(counts, weights);
  if ('reason' in point) return undefinedGwet(point.reason);
  const { ac, pe, n, pairable, share, ratings, unitAgreement, chanceScale } = point;
  const { q, rows, weights: multiplicity } = counts;
  let complete = options.raters === 2;
  for (let i = 0; i < rows && complete; i++) if (multiplicity[i] > 0 && ratings[i] !== 2) complete = false;
  const convention: SeConvention = (options.variance ?? DEFAULT_GWET_VARIANCE) === 'gwet2008' && complete ? 'gwet2008-two-raters' : 'gwet2014-linearized';
  const conventions = { se: convention, ci95: 'wald-fisher-z' as const };
  if (n < 2) return { value: ac, se: null, ci95: null, conventions, reason: 'the standard error needs at least two units', ciReason: 'not estimable: no standard error' };

  // Second pass: the linearised per-unit terms γ*ᵢ.
  let squares = 0;
  for (let i = 0; i < rows; i++) {
    const r = ratings[i];
    const w = multiplicity[i];
    if (r === 0 || w === 0) continue;
    const base = i * q;
    let unitChance = 0;
    for (let k = 0; k < q; k++) unitChance += (counts.counts[base + k] / r) * (1 - share[k]);
    unitChance *= chanceScale;
    const gamma = r >= 2 ? ((n / pairable) * (unitAgreement[i] - pe)) / (1 - pe) : 0;
    const linearised = gamma - (2 * (1 - ac) * (unitChance - pe)) / (1 - pe);
    squares += w * (linearised - ac) ** 2;
  }
  const se = Math.sqrt(squares / (convention === 'gwet2008-two-raters' ? n * n : n * (n - 1)));
  const interval = fisherZInterval(ac, se, pairable);
  return { value: ac, se, ci95: interval.ci95, conventions, ...(interval.reason ? { ciReason: interval.reason } : {}) };
}

/**
 * The value of {@link gwetAC2} (without its variance) for many resamplings of the same rows at
 * once — a bootstrap's resamples. What does not depend on how often a row is drawn (its
 * ratings, its agreement, its shares) is worked out once, so each resample is one weighted sum
 * over the rows. The returned function takes `count` resamples' row counts (whole numbers,
 * row-major, count × rows) and writes their AC into `out[at + b]` (NaN where undefined): equal
 * to `gwetAC2({ ...counts, weights: multiplicity }, weights).value` for every `multiplicity`.
 */
export function gwetAC2OfResamples(counts: CategoryCounts, weights: WeightMatrix): (multiplicity: Int32Array, count: number, out: Float64Array, at: number) => void {
  const { q, rows } = counts;
  if (weights.length !== q * q) throw new RangeError(`gwetAC2: ${q} levels need a ${q}×${q} weight matrix`);
  if (q < 2) return (_multiplicity, count, out, at) => out.fill(Number.NaN, at, at + count);
  const chanceScale = chanceScaleOf(q, weights);
  const ratings = new Int32Array(rows);
  const unitAgreement = new Float64Array(rows);
  // Each row's shares r_ik / rᵢ, sparse (a category the row did not receive adds nothing).
  const shareStart = new Int32Array(rows + 1);
  const shareCategories: number[] = [];
  const shares: number[] = [];
  const used: number[] = [];
  for (let i = 0; i < rows; i++) {
    shareStart[i] = shares.length;
    let r = 0;
    used.length = 0;
    for (let k = 0; k < q; k++) {
      const x = counts.counts[i * q + k];
      if (x > 0) {
        r += x;
        used.push(k);
      }
    }
    ratings[i] = r;
    if (r === 0) continue;
    for (const k of used) {
      shareCategories.push(k);
      shares.push(counts.counts[i * q + k] / r);
    }
    if (r >= 2) unitAgreement[i] = rowAgreement(counts, i, r, used, weights);
  }
  shareStart[rows] = shares.length;
  const shareCategory = Int32Array.from(shareCategories);
  const rowShare = Float64Array.from(shares);
  const share = new Float64Array(q);
  return (multiplicity, count, out, at) => {
    for (let b = 0; b < count; b++) {
      const row = b * rows;
      share.fill(0);
      let n = 0;
      let pairable = 0;
      let agreementSum = 0;
      for (let i = 0; i < rows; i++) {
        const w = multiplicity[row + i];
        if (w === 0 || ratings[i] === 0) continue;
        n += w;
        for (let j = shareStart[i], end = shareStart[i + 1]; j < end; j++) share[shareCategory[j]] += w * rowShare[j];
        if (ratings[i] < 2) continue;
        pairable += w;
        agreementSum += w * unitAgreement[i];
      }
      if (pairable === 0) {
        out[at + b] = Number.NaN;
        continue;
      }
      const pa = agreementSum / pairable;
      const pe = chanceAgreement(share, n, chanceScale);
      out[at + b] = pe >= 1 - 1e-15 ? Number.NaN : (pa - pe) / (1 - pe);
    }
  };
}

/**
 * Gwet's AC1 of each of `count` resamples from their {@link ResampleCountSums}: with identity
 * weights a row's agreement Σ_k r_ik (r_ik − 1) / (rᵢ (rᵢ − 1)) and shares r_ik / rᵢ are the very
 * numbers `countSumsOfResamples` adds up, in the same order, so its sums are AC1's and only the
 * last step is left: the same values as `gwetAC2OfResamples(counts, identity)`, bit for bit.
 */
export function gwetAC1OfCountSums(sums: ResampleCountSums, count: number, out: Float64Array, at: number): void {
  const { q, units, pairable, agreement } = sums;
  if (q < 2) {
    out.fill(Number.NaN, at, at + count);
    return;
  }
  const chanceScale = chanceScaleOf(q, weightMatrix('identity', new Array<number>(q).fill(0)));
  const share = new Float64Array(q);
  for (let b = 0; b < count; b++) {
    if (pairable[b] === 0) {
      out[at + b] = Number.NaN;
      continue;
    }
    for (let k = 0; k < q; k++) share[k] = sums.share[b * q + k];
    const pa = agreement[b] / pairable[b];
    const pe = chanceAgreement(share, units[b], chanceScale);
    out[at + b] = pe >= 1 - 1e-15 ? Number.NaN : (pa - pe) / (1 - pe);
  }
}

/** pₑ from the rows' shares Σ wᵢ r_ik/rᵢ (normalised to π_k here, in place), their total n and the chance scale. */
function chanceAgreement(share: Float64Array, n: number, chanceScale: number): number {
  let spread = 0;
  for (let k = 0; k < share.length; k++) {
    share[k] /= n;
    spread += share[k] * (1 - share[k]);
  }
  return chanceScale * spread;
}

/** AC from the rows' sums: shares Σ wᵢ r_ik/rᵢ (normalised here, in place), p_a and the chance scale. */
function gwetFromSums(share: Float64Array, n: number, pa: number, chanceScale: number): { ac: number; pe: number } | { reason: string } {
  const pe = chanceAgreement(share, n, chanceScale);
  if (pe >= 1 - 1e-15) return { reason: 'chance agreement is 1 under these weights' };
  return { ac: (pa - pe) / (1 - pe), pe };
}

interface GwetPoint {
  ac: number;
  pa: number;
  pe: number;
  n: number;
  pairable: number;
  share: Float64Array;
  ratings: Float64Array;
  unitAgreement: Float64Array;
  chanceScale: number;
}

/** Row i's weighted agreement Σ_k r_ik (r*_ik − 1) / (rᵢ(rᵢ − 1)), over the categories it received (`used`): O(used²), not O(q²). */
function rowAgreement(counts: CategoryCounts, i: number, r: number, used: readonly number[], weights: WeightMatrix): number {
  const { q } = counts;
  const base = i * q;
  let s = 0;
  for (const k of used) {
    let weighted = 0;
    for (const l of used) weighted += weights[k * q + l] * counts.counts[base + l];
    s += counts.counts[base + k] * (weighted - 1);
  }
  return s / (r * (r - 1));
}

function chanceScaleOf(q: number, weights: WeightMatrix): number {
  let totalWeight = 0;
  for (let i = 0; i < weights.length; i++) totalWeight += weights[i];
  return totalWeight / (q * (q - 1));
}

function gwetPoint(counts: CategoryCounts, weights: WeightMatrix): GwetPoint | { reason: string } {
  const { q, rows, weights: multiplicity } = counts;
  if (weights.length !== q * q) throw new RangeError(`gwetAC2: ${q} levels need a ${q}×${q} weight matrix`);
  if (q < 2) return { reason: "Gwet's AC needs at least two levels" };
  const chanceScale = chanceScaleOf(q, weights);

  const share = new Float64Array(q);
  const ratings = new Float64Array(rows);
  const unitAgreement = new Float64Array(rows);
  const used: number[] = [];
  let n = 0;
  let pairable = 0;
  let agreementSum = 0;
  for (let i = 0; i < rows; i++) {
    const w = multiplicity[i];
    if (w === 0) continue;
    const base = i * q;
    let r = 0;
    used.length = 0;
    for (let k = 0; k < q; k++) {
      const x = counts.counts[base + k];
      if (x > 0) {
        r += x;
        used.push(k);
      }
    }
    ratings[i] = r;
    if (r === 0) continue;
    n += w;
    for (const k of used) share[k] += (w * counts.counts[base + k]) / r;
    if (r < 2) continue;
    unitAgreement[i] = rowAgreement(counts, i, r, used, weights);
    pairable += w;
    agreementSum += w * unitAgreement[i];
  }
  if (pairable === 0) return { reason: 'no unit has two or more ratings' };
  const pa = agreementSum / pairable;
  const result = gwetFromSums(share, n, pa, chanceScale);
  if ('reason' in result) return result;
  return { ac: result.ac, pa, pe: result.pe, n, pairable, share, ratings, unitAgreement, chanceScale };
}

/**
 * Gwet's AC1: {@link gwetAC2} with identity weights, so pₑ = Σ_k π_k (1 − π_k) / (q − 1).
 *
 * @example gwetAC1(counts4raters) // value 0.7754, se 0.143 (Gwet 2014 p. 120 data; irrCAC)
 */
export function gwetAC1(counts: CategoryCounts, options: GwetOptions = {}): GwetEstimate {
  return gwetAC2(counts, weightMatrix('identity', new Array<number>(counts.q).fill(0)), options);
}
