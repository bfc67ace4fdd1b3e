import { type CategoryCounts } from './categoryCounts';
import { normalInterval95 } from './normal';
import { type Interval } from './stat';
import { type WeightMatrix, weightMatrix } from './weights';

/** Gwet's AC1 or AC2 with its standard error and normal 95% interval. */
export interface GwetEstimate {
  readonly value: number | null;
  readonly se: number | null;
  readonly ci95: Interval | null;
  readonly reason?: string;
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
 * For two raters on complete data this is Gwet's (2008) two-rater variance times n/(n − 1)
 * (irrCAC's `gwet.ac1.table` uses the 1/n² form). q is the size of the category universe.
 *
 * Degenerate input: fewer than two levels → null; no unit with two ratings → null; n < 2 →
 * value with se null.
 *
 * @example gwetAC2(counts4raters, weightMatrix('quadratic', [1, 2, 3, 4, 5])) // value 0.914, se 0.10396 (Gwet, irrCAC)
 */
export function gwetAC2(counts: CategoryCounts, weights: WeightMatrix): GwetEstimate {
  const point = gwetPoint(counts, weights);
  if ('reason' in point) return { value: null, se: null, ci95: null, reason: point.reason };
  const { ac, pe, n, pairable, share, ratings, unitAgreement, chanceScale } = point;
  if (n < 2) return { value: ac, se: null, ci95: null, reason: 'the standard error needs at least two units' };
  const { q, rows, weights: multiplicity } = counts;

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
  const se = Math.sqrt(squares / (n * (n - 1)));
  return { value: ac, se, ci95: normalInterval95(ac, se) };
}

/**
 * The value of {@link gwetAC2} alone, without its variance pass — for bootstrap loops. Null
 * where {@link gwetAC2} is null.
 */
export function gwetAC2Value(counts: CategoryCounts, weights: WeightMatrix): number | null {
  const point = gwetPoint(counts, weights);
  return 'reason' in point ? null : point.ac;
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

function gwetPoint(counts: CategoryCounts, weights: WeightMatrix): GwetPoint | { reason: string } {
  const { q, rows, weights: multiplicity } = counts;
  if (weights.length !== q * q) throw new RangeError(`gwetAC2: ${q} levels need a ${q}×${q} weight matrix`);
  if (q < 2) return { reason: "Gwet's AC needs at least two levels" };
  let totalWeight = 0;
  for (let i = 0; i < weights.length; i++) totalWeight += weights[i];
  const chanceScale = totalWeight / (q * (q - 1));

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
    // Σ_k r_ik (r*_ik − 1) over the categories the unit actually received: O(used²), not O(q²).
    let s = 0;
    for (const k of used) {
      let weighted = 0;
      for (const l of used) weighted += weights[k * q + l] * counts.counts[base + l];
      s += counts.counts[base + k] * (weighted - 1);
    }
    unitAgreement[i] = s / (r * (r - 1));
    pairable += w;
    agreementSum += w * unitAgreement[i];
  }
  if (pairable === 0) return { reason: 'no unit has two or more ratings' };
  let spread = 0;
  for (let k = 0; k < q; k++) {
    share[k] /= n;
    spread += share[k] * (1 - share[k]);
  }
  const pa = agreementSum / pairable;
  const pe = chanceScale * spread;
  if (pe >= 1 - 1e-15) return { reason: 'chance agreement is 1 under these weights' };
  return { ac: (pa - pe) / (1 - pe), pa, pe, n, pairable, share, ratings, unitAgreement, chanceScale };
}

/**
 * Gwet's AC1: {@link gwetAC2} with identity weights, so pₑ = Σ_k π_k (1 − π_k) / (q − 1).
 *
 * @example gwetAC1(counts4raters) // value 0.7754, se 0.143 (Gwet 2014 p. 120 data; irrCAC)
 */
export function gwetAC1(counts: CategoryCounts): GwetEstimate {
  return gwetAC2(counts, weightMatrix('identity', new Array<number>(counts.q).fill(0)));
}
