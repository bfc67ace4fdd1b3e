/**
 * Share of all ratings in one category from which prevalence counts as extreme. At 0.9 the
 * expected agreement of a two-category question is already ≥ 0.82, so κ reacts strongly to a
 * handful of disagreements (Feinstein & Cicchetti 1990).
 */
export const EXTREME_PREVALENCE = 0.9;

/** The kappa-paradox warning, with the alternatives to read beside κ. */
export interface KappaParadoxWarning {
  readonly code: 'kappa-paradox';
  readonly message: string;
  /** The dominating level and its share of all ratings. */
  readonly level: string;
  readonly share: number;
}

/** The figures the warning quotes. */
export interface ParadoxFigures {
  readonly kappa: number | null;
  readonly kappaName: string;
  readonly percentAgreement: number | null;
  readonly pabak: number | null;
  readonly gwetAC1: number | null;
}

/**
 * Warns when one category holds at least {@link EXTREME_PREVALENCE} of all ratings: κ can then be
 * low, even negative, while raters almost always agree — the first paradox of Feinstein &
 * Cicchetti (1990), "High agreement but low kappa". The message puts PABAK (Byrt, Bishop &
 * Carlin 1993) and Gwet's AC1 (Gwet 2008) beside κ, as both are far less sensitive to prevalence.
 *
 * @param shares each level's share of all ratings (pooled over raters), in level order.
 * @returns the warning, or null when no category dominates.
 * @example kappaParadoxWarning(['pass', 'fail'], [0.94, 0.06], figures)?.message
 *   // 'Prevalence is extreme: "pass" is 94.0% of all ratings, so Cohen's κ = 0.310 can be low …'
 */
export function kappaParadoxWarning(
  levels: readonly string[],
  shares: readonly number[],
  figures: ParadoxFigures,
): KappaParadoxWarning | null {
  let top = -1;
  for (let c = 0; c < shares.length; c++) if (top < 0 || shares[c] > shares[top]) top = c;
  if (top < 0 || !(shares[top] >= EXTREME_PREVALENCE)) return null;
  const fmt = (x: number | null): string => (x === null ? 'undefined' : x.toFixed(3));
  const message =
    `Prevalence is extreme: "${levels[top]}" is ${(shares[top] * 100).toFixed(1)}% of all ratings, ` +
    `so ${figures.kappaName} = ${fmt(figures.kappa)} can be low even where raters agree (percent agreement ${fmt(figures.percentAgreement)}). ` +
    `Read it beside PABAK = ${fmt(figures.pabak)} and Gwet's AC1 = ${fmt(figures.gwetAC1)} (the kappa paradox).`;
  return { code: 'kappa-paradox', message, level: levels[top], share: shares[top] };
}
