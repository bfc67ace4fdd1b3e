import { coef, count, interval } from './numberFormat';

// How a Landis–Koch judgement (core/stats' `landisKochJudgement`) is written, the same in the
// desktop, the CLI and every report. Its shape is defined here (core/stats' `BandJudgement` is
// this type) because electron/common imports nothing from other layers.

type Band = 'poor' | 'slight' | 'fair' | 'moderate' | 'substantial' | 'almost perfect';

/** A Landis–Koch judgement: see core/stats' `landisKochJudgement`. */
export type BandVerdict =
  | { readonly kind: 'band'; readonly band: Band }
  | { readonly kind: 'range'; readonly low: Band; readonly high: Band }
  | { readonly kind: 'insufficient'; readonly reason: string; readonly n: number; readonly fewUnits: boolean };

/** What a band rests on, printed beside it: the statistic, its 95% interval and n. */
export interface BandEvidence {
  /** "Cohen's κ", "weighted κ (quadratic)", … */
  readonly statistic: string;
  readonly value: number | null;
  readonly ci95: readonly [number, number] | null;
  readonly n: number;
}

/** The statistics a band is judged for: core/stats' `LandisKoch['statistic']`. */
export type BandStatistic = 'cohenKappa' | 'weightedKappa.quadratic' | 'fleissKappa' | 'krippendorffAlpha.ordinal' | 'krippendorffAlpha.interval';

/** How the statistic a band is judged for (core/stats' `LandisKoch['statistic']`) is named beside it. */
export const BAND_STATISTIC_NAME: Readonly<Record<BandStatistic, string>> = {
  cohenKappa: "Cohen's κ",
  'weightedKappa.quadratic': 'weighted κ (quadratic)',
  fleissKappa: "Fleiss' κ",
  'krippendorffAlpha.ordinal': "Krippendorff's α (ordinal)",
  'krippendorffAlpha.interval': "Krippendorff's α (interval)",
};

/**
 * The symbol of a column of headline values: "κ" when every headline is a κ, "α" when every one
 * is Krippendorff's α (ordinal and interval questions with three or more raters), "κ / α" when
 * both are present: no column claims κ over an α.
 * @example headlineSymbol(['cohenKappa', 'krippendorffAlpha.ordinal']) // 'κ / α'
 */
export function headlineSymbol(statistics: readonly string[]): string {
  const alphas = statistics.filter((s) => s.startsWith('krippendorffAlpha.')).length;
  if (alphas === 0) return 'κ';
  return alphas === statistics.length ? 'α' : 'κ / α';
}

/** What is claimed with too few units to judge by. */
export const NOT_ENOUGH_EVIDENCE = 'not enough evidence';
/** What is claimed with units enough but no interval (a category's κ, a κ of 1 whose standard error is 0): no band, and not for want of units. */
export const NO_INTERVAL = 'no band without an interval';

/** "almost perfect", "substantial – almost perfect", "not enough evidence (n = 5)", "no band without an interval (n = 30)"; an em dash for an undefined κ (null). */
export function bandText(judgement: BandVerdict | null): string {
  if (judgement === null) return '—';
  if (judgement.kind === 'band') return judgement.band;
  if (judgement.kind === 'range') return `${judgement.low} – ${judgement.high}`;
  return `${judgement.fewUnits ? NOT_ENOUGH_EVIDENCE : NO_INTERVAL} (n = ${count(judgement.n)})`;
}

/** The single band, or null when the judgement is a range or insufficient (only a single band is a colour, a CSV `band`). */
export function singleBand(judgement: BandVerdict | null): Band | null {
  return judgement?.kind === 'band' ? judgement.band : null;
}

/** The bands at the interval's ends: [band, band] for one band, [low, high] for a range, nulls otherwise. */
export function bandEnds(judgement: BandVerdict | null): [Band | null, Band | null] {
  if (judgement?.kind === 'band') return [judgement.band, judgement.band];
  if (judgement?.kind === 'range') return [judgement.low, judgement.high];
  return [null, null];
}

/** "Cohen's κ = 0.899, 95% CI [0.784, 0.954], n = 30" (the interval "not estimable" when there is none). */
export function bandEvidenceText(evidence: BandEvidence): string {
  const ci = evidence.ci95 ? interval(evidence.ci95) : 'not estimable';
  return `${evidence.statistic} = ${coef(evidence.value)}, 95% CI ${ci}, n = ${count(evidence.n)}`;
}

/** "substantial – almost perfect (Cohen's κ = 0.899, 95% CI [0.784, 0.954], n = 30)"; for too little evidence the n is said once. */
export function bandWithEvidence(judgement: BandVerdict | null, evidence: BandEvidence): string {
  const text = judgement?.kind === 'insufficient' ? (judgement.fewUnits ? NOT_ENOUGH_EVIDENCE : NO_INTERVAL) : bandText(judgement);
  return `${text} (${bandEvidenceText(evidence)})`;
}
