import { clopperPearson, unitsForLowerBound } from '../../stats/binomialIntervals';
import { count, decimal } from '../../../common/numberFormat';

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

export interface ErrorRates {
  reference: 'gold' | 'human majority';
  /** Units with both a judge answer and a reference answer. */
  units: number;
  threshold: number;
  /** Binary questions: one entry, the positive (first-listed) answer; otherwise one per class. */
  classes: ClassErrorRates[];
  /** Every lower bound reaches the threshold. */
  certified: boolean;
  message: string;
}

function bounded(x: number, n: number, threshold: number): BoundedRate {
  if (n === 0) return { x, n, rate: null, ci95: null, lower: null, needed: unitsForLowerBound(Number.NaN, threshold) };
  const ci95 = clopperPearson(x, n);
  return { x, n, rate: x / n, ci95, lower: ci95 ? ci95[0] : null, needed: ci95 && ci95[0] >= threshold ? n : unitsForLowerBound(x / n, threshold) };
}

/**
 * The judge's error rates against a reference (gold, or the human majority): for a binary
 * question the true-positive rate (of the first-listed answer) and the true-negative rate,
 * for more classes each class one-vs-rest; each with its exact Clopper–Pearson 95% lower
 * bound. Certified (after awslabs' calibrated-agent-evaluation, which certifies on error-rate
 * lower bounds) when every lower bound reaches `threshold`; otherwise each short rate says how
 * many cases of its kind would get there if the rate held.
 *
 * @param pairs [judge, reference] category indices per unit.
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
  const rates = classes.flatMap((c) => [c.tpr, c.tnr]);
  const certified = pairs.length > 0 && rates.every((r) => r.lower !== null && r.lower >= threshold);
  const t = decimal(threshold, 2);
  let message: string;
  if (pairs.length === 0) message = `not certified: no unit has both a judge answer and a ${reference} answer`;
  else if (certified) message = `certified: every exact 95% lower bound of TPR and TNR reaches ${t} on ${count(pairs.length)} units against ${reference}`;
  else {
    const short = classes.flatMap((c) =>
      (['tpr', 'tnr'] as const).flatMap((kind) => {
        const r = c[kind];
        if (r.lower !== null && r.lower >= threshold) return [];
        const name = `${kind.toUpperCase()}${k === 2 ? '' : ` of ${c.category}`}`;
        const kindWord = kind === 'tpr' ? `“${c.category}” units` : `units other than “${c.category}”`;
        if (r.needed === null) return [`${name} ${decimal(r.rate, 2)} (lower bound ${decimal(r.lower, 2)}) cannot reach ${t} at its observed rate`];
        return [`${name} ${decimal(r.rate, 2)} (lower bound ${decimal(r.lower, 2)}) needs about ${count(r.needed)} ${kindWord} (${count(r.n)} now)`];
      }),
    );
    message = `not certified at ${t} against ${reference} on ${count(pairs.length)} units: ${short.join('; ')}`;
  }
  return { reference, units: pairs.length, threshold, classes, certified, message };
}
