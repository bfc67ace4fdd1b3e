import { clopperPearson, MAX_NEEDED_UNITS, unitsForLowerBound } from '../../stats/binomialIntervals';
import { count, counted, decimal } from '../../../common/numberFormat';

/** A rate x / n with its exact 95% lower bound, and how many cases would certify it. */
export interface BoundedRate {
  x: number;
  n: number;
  rate: number | null;
  /** Clopper–Pearson 95% interval (two-sided; its lower end is the bound). */
  ci95: [number, number] | null;
  lower: number | null;
  /** Cases of this kind (reference positives for TPR, negatives for TNR) at which the lower bound would reach the threshold if the rate held; null when it never would. */
  needed: number | null;
}

/** One class, one-vs-rest: TPR is recall of the class, TNR recall of everything else. */
export interface ClassErrorRates {
  category: string;
  tpr: BoundedRate;
  tnr: BoundedRate;
}

/**
 * What the error rates say at the threshold. `certified`: every lower bound reaches it.
 * `not certified`: some rate's upper bound is below it, so the rate is shown to fall short.
 * `not enough evidence`: some lower bound is short of it, but no upper bound is below it: more
 * units would tell (`shortfalls` says how many of which kind, where the rate is above it).
 */
export type CertificationStatus = 'certified' | 'not certified' | 'not enough evidence';

/** A rate whose lower bound falls short only for want of units: how many of which kind it needs. */
export interface EvidenceShortfall {
  /** "“fail” units", "units other than “b”". */
  units: string;
  /** Units of that kind needed if the rate held; null when there are none yet to take a rate from, or the rate is not above the threshold. */
  needed: number | null;
  now: number;
  /** When the rate itself is not above the threshold (or too close to it) but its upper bound is above: "is not above 0.80, but its upper bound 0.82 is". */
  notAbove?: string;
}

export interface ErrorRates {
  reference: 'gold' | 'human majority';
  /** Units with both a judge answer and a reference answer. */
  units: number;
  threshold: number;
  /** Binary questions: one entry, the positive (first-listed) answer; otherwise one per class. */
  classes: ClassErrorRates[];
  /** Every lower bound reaches the threshold (status `certified`). */
  certified: boolean;
  status: CertificationStatus;
  /** Filled when the status is `not enough evidence`. */
  shortfalls: EvidenceShortfall[];
  message: string;
}

function bounded(x: number, n: number, threshold: number): BoundedRate {
  if (n === 0) return { x, n, rate: null, ci95: null, lower: null, needed: unitsForLowerBound(Number.NaN, threshold) };
  const ci95 = clopperPearson(x, n);
  return { x, n, rate: x / n, ci95, lower: ci95 ? ci95[0] : null, needed: ci95 && ci95[0] >= threshold ? n : unitsForLowerBound(x / n, threshold) };
}

/** "needs about 17 “fail” units (12 now)", or "has no “fail” units yet". */
export function shortfallText(s: EvidenceShortfall): string {
  if (s.notAbove) return `${s.notAbove}: more ${s.units} (${count(s.now)} now) would tell whether it falls short`;
  return s.needed === null ? `has no ${s.units} yet` : `needs about ${count(s.needed)} ${s.units} (${count(s.now)} now)`;
}

/**
 * The judge's error rates against a reference (gold, or the human majority): for a binary
 * question the true-positive rate (of the first-listed answer) and the true-negative rate,
 * for more classes each class one-vs-rest; each with its exact Clopper–Pearson 95% lower
 * bound. Certified (after awslabs' calibrated-agent-evaluation, which certifies on error-rate
 * lower bounds) when every lower bound reaches `threshold`; not certified when some rate's exact
 * 95% upper bound is below it (the rate is shown to fall short); otherwise not enough evidence,
 * each short rate saying how many cases of its kind would get there if the rate held, or that
 * its rate is not above the threshold while its upper bound is (a small sample shows neither).
 *
 * @param pairs [judge, reference] category indices per unit.
 * @example a perfect judge on 18 “pass” and 12 “fail” units at 0.80: TPR lower bound 0.815,
 *   TNR lower bound 0.735 (0.025^(1/12)), so "not enough evidence": about 17 “fail” units needed.
 */
export function errorRates(pairs: readonly (readonly [number, number])[], categories: readonly string[], reference: ErrorRates['reference'], threshold: number): ErrorRates {
  const k = categories.length;
  const classesOf = k === 2 ? [0] : categories.map((_, i) => i);
  const classes = classesOf.map((c): ClassErrorRates => {
    let tp = 0;
    let positives = 0;
    let tn = 0;
    let negatives = 0;
    for (const [j, r] of pairs) {
      if (r === c) {
        positives++;
        if (j === c) tp++;
      } else {
        negatives++;
        if (j !== c) tn++;
      }
    }
    return { category: categories[c], tpr: bounded(tp, positives, threshold), tnr: bounded(tn, negatives, threshold) };
  });
  const t = decimal(threshold, 2);
  const on = `at ${t} against ${reference} on ${counted(pairs.length, 'unit')}`;
  const reaches = (r: BoundedRate) => r.lower !== null && r.lower >= threshold;
  const named = classes.flatMap((c) =>
    (['tpr', 'tnr'] as const).map((kind) => ({
      r: c[kind],
      name: `${kind.toUpperCase()}${k === 2 ? '' : ` of ${c.category}`}`,
      // A binary question's negatives are the other answer's units.
      units: kind === 'tpr' ? `“${c.category}” units` : k === 2 ? `“${categories[1]}” units` : `units other than “${c.category}”`,
    })),
  );
  const bounds = named.map(({ r, name }) => `${name} ${decimal(r.rate, 2)} (lower bound ${decimal(r.lower, 2)}, n = ${count(r.n)})`).join(', ');
  const test = 'exact (Clopper–Pearson) 95% lower bounds of TPR and TNR';
  // A rate shown to fall short: its upper bound is below the threshold. A rate at or below the
  // threshold on a few units is not evidence against the judge (0 of 1 has upper bound 0.975).
  const hopeless = named.filter(({ r }) => r.ci95 !== null && r.ci95[1] < threshold);
  const short = named.filter(({ r }) => !reaches(r));
  let status: CertificationStatus;
  let shortfalls: EvidenceShortfall[] = [];
  let message: string;
  if (pairs.length === 0) {
    status = 'not enough evidence';
    message = `not enough evidence: no unit has both a judge answer and a ${reference} answer`;
  } else if (short.length === 0) {
    status = 'certified';
    message = `certified ${on}: ${test} all reach ${t} — ${bounds}`;
  } else if (hopeless.length > 0) {
    status = 'not certified';
    message = `not certified ${on}: ${hopeless.map(({ r, name }) => `${name} ${decimal(r.rate, 2)} (95% ${decimal(r.ci95![0], 2)} – ${decimal(r.ci95![1], 2)}, n = ${count(r.n)})`).join('; ')} ${hopeless.length === 1 ? 'is' : 'are'} below ${t} even at the upper bound, so the judge falls short (${test}, and their upper bounds)`;
  } else {
    status = 'not enough evidence';
    const notAbove = (r: BoundedRate) => {
      if (r.n === 0 || r.needed !== null) return undefined;
      const upper = decimal(r.ci95?.[1] ?? null, 2);
      return (r.rate ?? 0) <= threshold
        ? `is not above ${t}, but its upper bound ${upper} is`
        : `is too close to ${t} to certify on ${count(MAX_NEEDED_UNITS)} units or fewer, and its upper bound ${upper} is above it`;
    };
    shortfalls = short.map(({ r, units }) => {
      const why = notAbove(r);
      return { units, needed: r.n === 0 || why ? null : r.needed, now: r.n, ...(why ? { notAbove: why } : {}) };
    });
    message = `not enough evidence ${on}: ${short.map(({ r, name }, i) => `${name} ${decimal(r.rate, 2)} (lower bound ${decimal(r.lower, 2)}, n = ${count(r.n)}) ${shortfallText(shortfalls[i])}`).join('; ')} (${test})`;
  }
  return { reference, units: pairs.length, threshold, classes, certified: status === 'certified', status, shortfalls, message };
}
