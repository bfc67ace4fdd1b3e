import { decimal } from '../../../common/numberFormat';
import { Z95 } from '../../stats/normal';
import { type Interval } from '../../stats/stat';

/** What the corrected pass rate is computed from: the judge on every item, a reference on some. */
export interface PrevalenceInput {
  /** Units with a reference answer: [judge says positive, reference says positive]. */
  labeled: readonly (readonly [boolean, boolean])[];
  /** The judge's answer on each unit without a reference: positive or not. */
  unlabeled: readonly boolean[];
  /** Half-width the label budget aims at. */
  targetHalfWidth: number;
}

/** An estimate with its 95% interval, and the labels that would narrow it to the target. */
export interface CorrectedEstimate {
  estimate: number | null;
  ci95: Interval | null;
  halfWidth: number | null;
  /** Reference labels in all that would bring the half-width under the target, at today's rates; null when labels alone cannot. */
  labelsNeeded: number | null;
  /** How many more than today's. */
  moreLabels: number | null;
  reason?: string;
}

export interface CorrectedPrevalence {
  /** Share of unlabeled units the judge calls positive. */
  apparent: number | null;
  /** Share of labeled units the reference calls positive. */
  labeledRate: number | null;
  labeled: number;
  unlabeled: number;
  targetHalfWidth: number;
  roganGladen: CorrectedEstimate & { tpr: number | null; tnr: number | null };
  ppi: CorrectedEstimate;
  method: string;
}

const clip = (x: number) => Math.min(1, Math.max(0, x));
const sampleVariance = (xs: readonly number[]) => {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const m = xs.reduce((a, b) => a + b, 0) / n;
  return xs.reduce((s, x) => s + (x - m) * (x - m), 0) / (n - 1);
};

/**
 * The pass rate corrected for the judge's errors, two ways (DESIGN.md §6):
 *
 * - Rogan & Gladen (1978): π = (p + TNR − 1) / (TPR + TNR − 1), p the judge's apparent rate on
 *   the unlabeled units and TPR, TNR its rates on the labeled units. The 95% interval is a
 *   delta-method Wald interval whose variance carries all three uncertainties:
 *   Var π ≈ [p(1 − p)/N + π² TPR(1 − TPR)/n₊ + (1 − π)² TNR(1 − TNR)/n₋] / (TPR + TNR − 1)²
 *   (Greenland 1996; Lang & Reiczigel 2014), clipped to [0, 1].
 * - Prediction-powered inference (Angelopoulos et al., Science 2023) for a mean:
 *   θ = mean_unlabeled(f) − mean_labeled(f − y), 95% interval θ ± z √(σ²_f/N + σ²_{f−y}/n).
 *
 * The label budget solves each half-width for the number of labeled units n (at today's
 * variances and positive share): PPI n = σ²_{f−y} / ((h/z)² − σ²_f/N); Rogan–Gladen likewise.
 * Null when labels alone cannot reach it (the unlabeled term is already wider).
 */
export function correctedPrevalence(input: PrevalenceInput): CorrectedPrevalence {
  const N = input.unlabeled.length;
  const n = input.labeled.length;
  const h = input.targetHalfWidth;
  const apparent = N > 0 ? input.unlabeled.filter(Boolean).length / N : null;
  const positives = input.labeled.filter(([, y]) => y);
  const negatives = input.labeled.filter(([, y]) => !y);
  const labeledRate = n > 0 ? positives.length / n : null;
  const method =
    'Rogan–Gladen with a delta-method 95% interval carrying the uncertainty of the apparent rate, TPR and TNR; prediction-powered inference (judge on the unlabeled units, the rectifier f − y on the labeled ones) with its normal 95% interval';
  const none = (reason: string): CorrectedEstimate => ({ estimate: null, ci95: null, halfWidth: null, labelsNeeded: null, moreLabels: null, reason });
  const base = { apparent, labeledRate, labeled: n, unlabeled: N, targetHalfWidth: h, method };
  if (N === 0) {
    const reason = 'every judged unit has a reference answer: the pass rate is the labeled rate itself';
    return { ...base, roganGladen: { ...none(reason), tpr: null, tnr: null }, ppi: none(reason) };
  }
  if (n < 2) return { ...base, roganGladen: { ...none('fewer than 2 units with a reference answer'), tpr: null, tnr: null }, ppi: none('fewer than 2 units with a reference answer') };
  return { ...base, roganGladen: roganGladen(apparent as number, N, positives, negatives, h), ppi: ppi(input, h) };
}

function budget(halfWidthAt: (labels: number) => number, h: number, now: number, closedForm: number | null): { labelsNeeded: number | null; moreLabels: number | null } {
  if (closedForm === null || !Number.isFinite(closedForm) || closedForm <= 0) return { labelsNeeded: null, moreLabels: null };
  let needed = Math.max(1, Math.ceil(closedForm));
  // Rounding: step up until the half-width is under the target.
  while (halfWidthAt(needed) > h) needed++;
  return { labelsNeeded: needed, moreLabels: Math.max(0, needed - now) };
}

function roganGladen(p: number, N: number, positives: readonly (readonly [boolean, boolean])[], negatives: readonly (readonly [boolean, boolean])[], h: number): CorrectedEstimate & { tpr: number | null; tnr: number | null } {
  const n1 = positives.length;
  const n0 = negatives.length;
  const tpr = n1 > 0 ? positives.filter(([f]) => f).length / n1 : null;
  const tnr = n0 > 0 ? negatives.filter(([f]) => !f).length / n0 : null;
  const fail = (reason: string) => ({ estimate: null, ci95: null, halfWidth: null, labelsNeeded: null, moreLabels: null, tpr, tnr, reason });
  if (tpr === null || tnr === null) return fail('the labeled units need both positive and negative reference answers to estimate TPR and TNR');
  const youden = tpr + tnr - 1;
  if (!(youden > 0)) return fail(`TPR + TNR − 1 = ${decimal(youden, 3)} ≤ 0: the judge does no better than chance, so its errors cannot be corrected`);
  const pi = clip((p + tnr - 1) / youden);
  const s1 = n1 / (n1 + n0);
  const s0 = n0 / (n1 + n0);
  const partP = (p * (1 - p)) / N;
  const perLabel = (pi * pi * tpr * (1 - tpr)) / s1 + ((1 - pi) * (1 - pi) * tnr * (1 - tnr)) / s0;
  const halfWidthAt = (labels: number) => (Z95 * Math.sqrt(partP + perLabel / labels)) / youden;
  const halfWidth = halfWidthAt(n1 + n0);
  const room = ((h * youden) / Z95) ** 2 - partP;
  return {
    estimate: pi,
    ci95: [clip(pi - halfWidth), clip(pi + halfWidth)],
    halfWidth,
    ...budget(halfWidthAt, h, n1 + n0, room > 0 ? perLabel / room : null),
    tpr,
    tnr,
  };
}

function ppi(input: PrevalenceInput, h: number): CorrectedEstimate {
  const f = input.unlabeled.map((x) => (x ? 1 : 0));
  const rectifier = input.labeled.map(([judge, truth]) => (judge ? 1 : 0) - (truth ? 1 : 0));
  const N = f.length;
  const n = rectifier.length;
  const meanF = f.reduce<number>((a, b) => a + b, 0) / N;
  const meanR = rectifier.reduce<number>((a, b) => a + b, 0) / n;
  const varF = N > 1 ? sampleVariance(f) : 0;
  const varR = sampleVariance(rectifier);
  const estimate = meanF - meanR;
  const halfWidthAt = (labels: number) => Z95 * Math.sqrt(varF / N + varR / labels);
  const halfWidth = halfWidthAt(n);
  const room = (h / Z95) ** 2 - varF / N;
  return {
    estimate: clip(estimate),
    ci95: [clip(estimate - halfWidth), clip(estimate + halfWidth)],
    halfWidth,
    ...(varR === 0 ? { labelsNeeded: n, moreLabels: 0 } : budget(halfWidthAt, h, n, room > 0 ? varR / room : null)),
    ...(varR === 0 ? { reason: 'the judge matched the reference on every labeled unit, so the rectifier has no spread here' } : {}),
  };
}
