import { type CategoryCounts } from './categoryCounts';
import { type ResampleCountSums } from './countSums';
import { twoSidedP } from './normal';

/** Fleiss' κ for one category against the rest, with its test of κ_c = 0. */
export interface CategoryKappa {
  readonly value: number | null;
  /** Standard error under H0 (Fleiss, Nee & Landis 1979); needs equal ratings per unit. */
  readonly se0: number | null;
  readonly z: number | null;
  readonly p: number | null;
  readonly reason?: string;
}

/** Fleiss' κ over all categories, its test of κ = 0, and κ per category. */
export interface FleissKappa extends CategoryKappa {
  /** One entry per level, in level order. */
  readonly perCategory: CategoryKappa[];
}

interface Sums {
  /** Units with at least one rating. */
  units: number;
  /** Units with two or more ratings. */
  pairable: number;
  /** Σ over pairable units of their agreeing-pair share (numerator of P̄). */
  agreement: number;
  /** Per category: Σᵢ r_ic / rᵢ over rated units (numerator of π_c). */
  share: Float64Array;
  /** Per category: Σ over pairable units of the agreeing-pair share of "c vs not c". */
  binaryAgreement: Float64Array;
  /** The common number of ratings per unit, or null when it varies. */
  ratingsPerUnit: number | null;
}

/** Σ over units (see {@link Sums}); the per-category sums only when `perCategory`. */
function sums(counts: CategoryCounts, perCategory = true): Sums {
  const { q, rows, weights } = counts;
  const s: Sums = {
    units: 0,
    pairable: 0,
    agreement: 0,
    share: new Float64Array(q),
    binaryAgreement: new Float64Array(q),
    ratingsPerUnit: null,
  };
  let common = -1;
  for (let i = 0; i < rows; i++) {
    const w = weights[i];
    if (w === 0) continue;
    const base = i * q;
    let r = 0;
    for (let c = 0; c < q; c++) r += counts.counts[base + c];
    if (r === 0) continue;
    common = common === -1 ? r : common === r ? r : -2;
    s.units += w;
    for (let c = 0; c < q; c++) s.share[c] += (w * counts.counts[base + c]) / r;
    if (r < 2) continue;
    s.pairable += w;
    const pairs = r * (r - 1);
    let agreeing = 0;
    for (let c = 0; c < q; c++) {
      const x = counts.counts[base + c];
      agreeing += x * (x - 1);
      if (perCategory) s.binaryAgreement[c] += (w * (x * (x - 1) + (r - x) * (r - x - 1))) / pairs;
    }
    s.agreement += (w * agreeing) / pairs;
  }
  s.ratingsPerUnit = common > 0 ? common : null;
  return s;
}

function test(value: number, se0: number | null): Pick<CategoryKappa, 'z' | 'p'> {
  if (se0 === null || !(se0 > 0)) return { z: null, p: null };
  const z = value / se0;
  return { z, p: twoSidedP(z) };
}

/**
 * Fleiss' κ for any number of raters (Fleiss 1971), in the form that allows missing ratings
 * (Gwet 2014, §2.5): with r_ic the raters putting unit i in category c and rᵢ = Σ_c r_ic,
 *
 *   P̄  = (1/n′) Σ_{i: rᵢ ≥ 2} Σ_c r_ic (r_ic − 1) / (rᵢ (rᵢ − 1))   (n′ units with ≥ 2 ratings)
 *   π_c = (1/n) Σ_{i: rᵢ ≥ 1} r_ic / rᵢ,   P̄_e = Σ_c π_c²,   κ = (P̄ − P̄_e) / (1 − P̄_e)
 *
 * With m ratings on every unit this is exactly Fleiss (1971) and statsmodels' `fleiss_kappa`.
 * κ per category is the same coefficient on "c versus the rest" (Fleiss 1971, κ_j). Standard
 * errors under H0 (Fleiss, Nee & Landis 1979), defined when every unit has the same m ratings,
 * with p_c = π_c and q_c = 1 − p_c:
 *
 *   SE₀(κ)   = √2 / (Σ p_c q_c √(n m (m−1))) · √((Σ p_c q_c)² − Σ p_c q_c (q_c − p_c))
 *   SE₀(κ_c) = √(2 / (n m (m−1)))
 *
 * Degenerate input: no unit with two ratings → null; all ratings in one category → null
 * ("only one category observed: expected agreement is 1"); per category, a category nobody or
 * everybody used → null.
 *
 * @example fleissKappa(countsFromRows(fleiss1971)).value // 0.4302… (Fleiss 1971: κ = .430)
 */
export function fleissKappa(counts: CategoryCounts): FleissKappa {
  const s = sums(counts);
  const perCategory = categoryKappas(counts.q, s);
  if (s.pairable === 0) {
    return { value: null, se0: null, z: null, p: null, reason: 'no unit has two or more ratings', perCategory };
  }
  const { pa, pe, spread, skew } = chance(counts.q, s);
  if (spread <= 1e-15) {
    return { value: null, se0: null, z: null, p: null, reason: 'only one category observed: expected agreement is 1', perCategory };
  }
  const value = (pa - pe) / (1 - pe);
  const m = s.ratingsPerUnit;
  if (m === null || m < 2) {
    return {
      value, se0: null, z: null, p: null, perCategory,
      reason: 'the standard error under H0 (Fleiss, Nee & Landis 1979) needs the same number of ratings on every unit',
    };
  }
  const se0 = (Math.SQRT2 / (spread * Math.sqrt(s.units * m * (m - 1)))) * Math.sqrt(Math.max(0, spread * spread - skew));
  return { value, se0, ...test(value, se0), perCategory };
}

/**
 * The value of {@link fleissKappa} alone, without its test and per-category coefficients — for
 * bootstrap loops, which need nothing else. Null where {@link fleissKappa}'s value is null.
 */
export function fleissKappaValue(counts: CategoryCounts): number | null {
  const s = sums(counts, false);
  return fleissKappaFromSums(counts.q, s);
}

/**
 * Fleiss' κ from the units' sums: `units` rated, `pairable` with two or more ratings, their
 * `agreement` (Σ of P̄'s numerator) and per category `share` (Σᵢ r_ic / rᵢ). Null when no unit
 * has two ratings or one category holds every rating.
 */
export function fleissKappaFromSums(q: number, s: Pick<Sums, 'units' | 'pairable' | 'agreement' | 'share'>): number | null {
  if (s.pairable === 0) return null;
  const { pa, pe, spread } = chance(q, s);
  return spread <= 1e-15 ? null : (pa - pe) / (1 - pe);
}

/**
 * {@link fleissKappaFromSums} of each of `count` resamples' sums (see `countSumsOfResamples`),
 * into `out[at + b]` (NaN where null): the same arithmetic, in one loop and without objects.
 */
export function fleissKappaOfResamples(sums: ResampleCountSums, count: number, out: Float64Array, at: number): void {
  const { q, units, pairable, agreement, share } = sums;
  for (let b = 0; b < count; b++) {
    if (pairable[b] === 0) {
      out[at + b] = Number.NaN;
      continue;
    }
    // As `chance`.
    const pa = agreement[b] / pairable[b];
    let pe = 0;
    let spread = 0;
    for (let c = 0; c < q; c++) {
      const p = share[b * q + c] / units[b];
      pe += p * p;
      spread += p * (1 - p);
    }
    out[at + b] = spread <= 1e-15 ? Number.NaN : (pa - pe) / (1 - pe);
  }
}

/** P̄, P̄ₑ and Σ p_c q_c (zero when one category holds every rating) from the sums. */
function chance(q: number, s: Pick<Sums, 'units' | 'pairable' | 'agreement' | 'share'>): { pa: number; pe: number; spread: number; skew: number } {
  const pa = s.agreement / s.pairable;
  let pe = 0;
  let spread = 0;
  let skew = 0;
  for (let c = 0; c < q; c++) {
    const p = s.share[c] / s.units;
    pe += p * p;
    spread += p * (1 - p);
    skew += p * (1 - p) * (1 - 2 * p);
  }
  return { pa, pe, spread, skew };
}

function categoryKappas(q: number, s: Sums): CategoryKappa[] {
  const m = s.ratingsPerUnit;
  const se0 = m !== null && m >= 2 && s.units > 0 ? Math.sqrt(2 / (s.units * m * (m - 1))) : null;
  return Array.from({ length: q }, (_, c): CategoryKappa => {
    if (s.pairable === 0) return { value: null, se0: null, z: null, p: null, reason: 'no unit has two or more ratings' };
    const share = s.share[c] / s.units;
    if (share <= 1e-15) return { value: null, se0: null, z: null, p: null, reason: 'no rater used this category' };
    if (share >= 1 - 1e-15) return { value: null, se0: null, z: null, p: null, reason: 'every rating is in this category' };
    const pa = s.binaryAgreement[c] / s.pairable;
    const pe = share * share + (1 - share) * (1 - share);
    const value = (pa - pe) / (1 - pe);
    if (se0 === null) {
      return { value, se0: null, z: null, p: null, reason: 'the standard error under H0 needs the same number of ratings on every unit' };
    }
    return { value, se0, ...test(value, se0) };
  });
}
