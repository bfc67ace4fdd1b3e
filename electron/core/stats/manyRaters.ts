import type { PairAgreement } from './agreementTypes';
import { CROWD_RATERS } from '../../common/raterList';
import { cohenKappa } from './cohenKappa';
import { type AlphaMetric } from './krippendorffAlpha';
import { leaveOneOutAlpha } from './leaveOneOutAlpha';
import { MISSING, type RatingTable } from './ratingTable';

/** Above this many raters, reports summarise the pairs instead of listing every one: the app's crowd threshold. */
export const MANY_RATERS = CROWD_RATERS;

/** Five numbers of a distribution; quartiles by linear interpolation (R's type 7, numpy's default). */
export interface FiveNumbers {
  n: number;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
}

/** One rater against the others. */
export interface RaterAgainstRest {
  rater: string;
  /** Units where the rater and at least two others rated, and the others' most frequent answer is unique. */
  units: number;
  /** Cohen's κ between the rater and the majority of the other raters, over those units; null with a reason. */
  kappaWithMajority: number | null;
  reason?: string;
  /** Mean of the rater's pairwise Cohen's κ (defined ones). */
  meanPairwiseKappa: number | null;
  /** Krippendorff's α of all the other raters (the summary's metric); null when undefined without this rater. */
  alphaWithout: number | null;
  /** alphaWithout − α of all raters: positive when the rater lowers agreement, negative when the rater raises it. */
  alphaChange: number | null;
}

/** The summary of agreement among many raters. */
export interface ManyRaterSummary {
  raters: number;
  pairs: number;
  /** Pairs whose Cohen's κ is undefined (too few shared units, one answer only…). */
  undefinedPairs: number;
  pairwiseKappa: FiveNumbers;
  perRater: RaterAgainstRest[];
  /** The fence below which a rater stands out: Q1 − 1.5 × IQR of the raters' κ with the majority (Tukey). */
  lowFence: number | null;
  /** Raters whose κ with the majority is below the fence, lowest first. */
  standOut: RaterAgainstRest[];
  /** Krippendorff's α of all raters, at the question's level of measurement. */
  alpha: { metric: AlphaMetric; value: number | null; reason?: string };
  /** The fence above which leaving a rater out raises α conspicuously: Q3 + 1.5 × IQR of the raters' α changes (Tukey). */
  alphaChangeFence: number | null;
  /** Raters whose leaving out raises α above that fence (and above 0), largest rise first. */
  standOutByAlpha: RaterAgainstRest[];
}

/**
 * Many raters at a glance (issue 18): the distribution of pairwise Cohen's κ (median,
 * quartiles), each rater against the rest — Cohen's κ between the rater's answers and the
 * majority answer of the other raters on each unit (units where the others tie are left out) —
 * and the raters who stand out, below Tukey's lower fence Q1 − 1.5·IQR of those κ. Beside it,
 * Krippendorff's α of all the other raters (leave-one-out, at the question's level of
 * measurement `metric`) and how far it moves from α of everyone; raters whose absence raises α
 * above Tukey's upper fence Q3 + 1.5·IQR of those changes stand out by α.
 *
 * O(units × raters) for the majority and the leave-one-out α, plus the pairs already computed.
 *
 * @example three raters agree, a fourth answers at random: the fourth has the lowest κ with the majority.
 */
export function manyRaterSummary(table: RatingTable, pairs: readonly PairAgreement[], metric: AlphaMetric = 'nominal'): ManyRaterSummary {
  const loo = leaveOneOutAlpha(table, metric);
  const alphaAll = loo.all.value;
  const kappas = pairs.map((p) => p.cohenKappa.value).filter((v): v is number => v !== null);
  const r = table.raters.length;
  const k = table.levels.length;
  const sums = new Map<string, { total: number; n: number }>();
  for (const pair of pairs) {
    const value = pair.cohenKappa.value;
    if (value === null) continue;
    for (const rater of pair.raters) {
      const s = sums.get(rater) ?? { total: 0, n: 0 };
      s.total += value;
      s.n++;
      sums.set(rater, s);
    }
  }
  const perRater: RaterAgainstRest[] = [];
  const tally = new Float64Array(k);
  for (let rater = 0; rater < r; rater++) {
    const counts = new Float64Array(k * k);
    let units = 0;
    for (let u = 0; u < table.units.length; u++) {
      const own = table.cells[u * r + rater]!;
      if (own === MISSING) continue;
      tally.fill(0);
      let others = 0;
      for (let o = 0; o < r; o++) {
        const cell = table.cells[u * r + o]!;
        if (o === rater || cell === MISSING) continue;
        tally[cell]!++;
        others++;
      }
      if (others < 2) continue;
      const majority = uniqueMode(tally);
      if (majority < 0) continue;
      counts[own * k + majority]!++;
      units++;
    }
    const estimate = cohenKappa({ k, counts });
    const mean = sums.get(table.raters[rater]!);
    perRater.push({
      rater: table.raters[rater]!,
      units,
      kappaWithMajority: estimate.value,
      ...(estimate.value === null ? { reason: estimate.reason ?? 'undefined' } : {}),
      meanPairwiseKappa: mean ? mean.total / mean.n : null,
      alphaWithout: loo.without[rater]!.value,
      alphaChange: alphaAll === null || loo.without[rater]!.value === null ? null : loo.without[rater]!.value! - alphaAll,
    });
  }
  const withMajority = fiveNumbers(perRater.map((p) => p.kappaWithMajority).filter((v): v is number => v !== null));
  const lowFence = withMajority.q1 !== null && withMajority.q3 !== null ? withMajority.q1 - 1.5 * (withMajority.q3 - withMajority.q1) : null;
  const standOut = lowFence === null ? [] : perRater.filter((p) => p.kappaWithMajority !== null && p.kappaWithMajority < lowFence).sort((a, b) => a.kappaWithMajority! - b.kappaWithMajority!);
  const changes = fiveNumbers(perRater.map((p) => p.alphaChange).filter((v): v is number => v !== null));
  const alphaChangeFence = changes.q1 !== null && changes.q3 !== null ? changes.q3 + 1.5 * (changes.q3 - changes.q1) : null;
  const standOutByAlpha =
    alphaChangeFence === null ? [] : perRater.filter((p) => p.alphaChange !== null && p.alphaChange > 0 && p.alphaChange > alphaChangeFence).sort((a, b) => b.alphaChange! - a.alphaChange!);
  return {
    raters: r,
    pairs: pairs.length,
    undefinedPairs: pairs.length - kappas.length,
    pairwiseKappa: fiveNumbers(kappas),
    perRater,
    lowFence,
    standOut,
    alpha: { metric, value: alphaAll, ...(alphaAll === null ? { reason: loo.all.reason ?? 'undefined' } : {}) },
    alphaChangeFence,
    standOutByAlpha,
  };
}

/** The level chosen most often, or −1 when several tie. */
function uniqueMode(tally: Float64Array): number {
  let best = -1;
  let bestCount = 0;
  let tie = false;
  tally.forEach((count, level) => {
    if (count > bestCount) {
      best = level;
      bestCount = count;
      tie = false;
    } else if (count === bestCount && count > 0) tie = true;
  });
  return tie ? -1 : best;
}

/** Min, quartiles (type 7) and max; nulls for an empty list. */
export function fiveNumbers(values: readonly number[]): FiveNumbers {
  if (values.length === 0) return { n: 0, min: null, q1: null, median: null, q3: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    const h = (sorted.length - 1) * p;
    const lo = Math.floor(h);
    return sorted[lo]! + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? sorted[lo]!) - sorted[lo]!);
  };
  return { n: sorted.length, min: sorted[0]!, q1: at(0.25), median: at(0.5), q3: at(0.75), max: sorted[sorted.length - 1]! };
}
