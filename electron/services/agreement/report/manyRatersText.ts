import type { ManyRaterSummary, RaterAgainstRest } from '../../../core/stats';
import { coef, count, signed, withReason } from '../../../common/numberFormat';

/**
 * The wording of the many-rater summary (core/stats/manyRaters.ts), shared by the CLI's text and
 * the exported reports so that both say the same thing in the same words. Plain text: each
 * output escapes it for its own markup.
 */
export const manyRatersText = {
  /** "12 raters make 66 pairs" */
  pairs: (s: ManyRaterSummary) => `${count(s.raters)} raters make ${count(s.pairs)} pairs`,
  /** The distribution of pairwise Cohen's κ, with the pairs left out. */
  pairwiseKappa: (s: ManyRaterSummary) => {
    const k = s.pairwiseKappa;
    return (
      `Cohen's κ over the pairs: median ${coef(k.median)}, quartiles ${coef(k.q1)} – ${coef(k.q3)}, range ${coef(k.min)} – ${coef(k.max)}` +
      (s.undefinedPairs > 0 ? ` (${count(s.undefinedPairs)} pairs with κ undefined left out)` : '')
    );
  },
  /** What "each rater against the rest" measures. */
  againstRest: () => "Each rater against the rest (Cohen's κ with the other raters' majority answer, units where they tie left out)",
  /** What the α columns mean. */
  alphaWithout: (s: ManyRaterSummary) =>
    `α without: Krippendorff's α (${s.alpha.metric}) of the other raters, beside ${withReason(s.alpha.value, s.alpha.reason)} with everyone; change: α without − α, + when the rater lowers agreement.`,
  /** Who stands out by κ with the majority, or that nobody does. */
  standOut: (s: ManyRaterSummary) =>
    s.standOut.length > 0
      ? `Raters who stand out (κ with the majority below Q1 − 1.5 IQR = ${coef(s.lowFence)}): ${s.standOut.map((p) => `${p.rater} (${coef(p.kappaWithMajority)})`).join(', ')}`
      : `No rater stands out (none below Q1 − 1.5 IQR = ${coef(s.lowFence)}).`,
  /** Who stands out by α (leaving them out raises α conspicuously), or that nobody does. */
  standOutByAlpha: (s: ManyRaterSummary) =>
    s.standOutByAlpha.length > 0
      ? `Raters who stand out by α (leaving them out raises α by more than Q3 + 1.5 IQR = ${signed(s.alphaChangeFence, 3)} of the changes): ${s.standOutByAlpha.map((p) => `${p.rater} (${coef(p.alphaWithout)}, ${signed(p.alphaChange, 3)})`).join(', ')}`
      : `No rater stands out by α (leaving out none raises α by more than Q3 + 1.5 IQR = ${signed(s.alphaChangeFence, 3)} of the changes).`,
  /** The per-rater table's header and one row, in the order every output shows them. */
  columns: ['Rater', 'Units', 'κ with majority', 'mean pairwise κ', 'α without', 'change'] as const,
  row: (p: RaterAgainstRest) => [p.rater, count(p.units), coef(p.kappaWithMajority), coef(p.meanPairwiseKappa), coef(p.alphaWithout), signed(p.alphaChange, 3)],
};

/** The raters lowest κ with the majority first (undefined last), the order every output lists them in. */
export function ratersByKappaWithMajority(s: ManyRaterSummary): RaterAgainstRest[] {
  return [...s.perRater].sort((a, b) => (a.kappaWithMajority ?? Infinity) - (b.kappaWithMajority ?? Infinity));
}
