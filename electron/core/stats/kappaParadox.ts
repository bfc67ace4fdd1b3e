import { coef, percent } from '../../common/numberFormat';
import { MIN_INTERVAL_UNITS } from './intervals';

/**
 * The rule of the kappa-paradox warning, each part with its threshold:
 * - high agreement, low κ: observed agreement p_o ≥ {@link HIGH_AGREEMENT} while κ ≤ p_o − {@link KAPPA_GAP}
 *   (Feinstein & Cicchetti 1990's first paradox: 85% agreement with κ = 0.32);
 * - extreme prevalence: |prevalence index| ≥ {@link EXTREME_PREVALENCE_INDEX} (Byrt, Bishop & Carlin 1993);
 *   the prevalence index (a − d)/n of a 2 × 2 table is the first level's pooled share minus the
 *   second's, so for any number of levels and raters the rule reads "the most used level's
 *   pooled share minus the next one's ≥ 0.5" (for two levels: one level ≥ 75% of all ratings);
 * - extreme bias: |bias index| ≥ {@link EXTREME_BIAS_INDEX} (two raters on two levels: (b − c)/n,
 *   Byrt, Bishop & Carlin's index, defined for a 2 × 2 table only) — the second paradox, where
 *   unequal marginals inflate κ.
 */
export const HIGH_AGREEMENT = 0.8;
export const KAPPA_GAP = 0.3;
export const EXTREME_PREVALENCE_INDEX = 0.5;
export const EXTREME_BIAS_INDEX = 0.2;
/**
 * Fewest units rated by two or more raters for the warning, as for any interval
 * (`MIN_INTERVAL_UNITS`): on fewer, the rates at which raters use the levels are a handful of
 * answers (one unit one rater tagged and the other did not is a bias index of 1 on its own), and
 * the small-sample warning and "not enough evidence" already say what can be read.
 */
export const PARADOX_MIN_UNITS = MIN_INTERVAL_UNITS;

/** The rule in words, for methods sections and the dashboard. */
export const PARADOX_RULE =
  `observed agreement ≥ ${HIGH_AGREEMENT * 100}% with κ at least ${KAPPA_GAP} below it, |prevalence index| ≥ ${EXTREME_PREVALENCE_INDEX}, or |bias index| ≥ ${EXTREME_BIAS_INDEX}, on ${PARADOX_MIN_UNITS} or more units rated by two or more raters`;

/** Which part of the rule fired. */
export type ParadoxTrigger = 'high-agreement-low-kappa' | 'extreme-prevalence' | 'extreme-bias';

/** The kappa-paradox warning, with the alternatives to read beside κ. */
export interface KappaParadoxWarning {
  readonly code: 'kappa-paradox';
  readonly message: string;
  readonly triggers: ParadoxTrigger[];
  /** The most used level and its share of all ratings. */
  readonly level: string;
  readonly share: number;
}

/** The figures the rule reads and the warning quotes. */
export interface ParadoxFigures {
  readonly kappa: number | null;
  readonly kappaName: string;
  /** Observed agreement as a proportion. */
  readonly percentAgreement: number | null;
  readonly pabak: number | null;
  readonly gwetAC1: number | null;
  /** Two raters on two levels: (a − d)/n; otherwise null (the pooled shares stand in for it). */
  readonly prevalenceIndex: number | null;
  /** Two raters on two levels: (b − c)/n; otherwise null. */
  readonly biasIndex: number | null;
  /** Units rated by two or more raters; below {@link PARADOX_MIN_UNITS} there is no warning. Not given: not checked. */
  readonly units?: number;
}

// Through the one number formatter: a true minus, as the table beside the warning prints (toFixed wrote "-0.625").
const fmt = (x: number | null): string => (x === null ? 'not defined' : coef(x));

/**
 * Warns when κ misleads: high observed agreement with a low κ, or extreme prevalence or bias
 * (the rule above). κ's chance term grows with the prevalence of one category, so κ can be low,
 * even negative, while raters almost always agree (Feinstein & Cicchetti 1990, "High agreement
 * but low kappa"); PABAK (Byrt, Bishop & Carlin 1993) and Gwet's AC1 (Gwet 2008) fix or bound
 * that term, so the warning puts them, with the prevalence and bias indices, beside κ.
 *
 * @param shares each level's share of all ratings (pooled over raters), in level order.
 * @returns the warning, or null when no part of the rule fires (or κ is undefined, or `units` is
 *   below {@link PARADOX_MIN_UNITS}).
 * @example
 *   // Feinstein & Cicchetti (1990): a = 80, b = 10, c = 5, d = 5 → p_o 0.85, κ 0.318
 *   kappaParadoxWarning(['yes', 'no'], [0.875, 0.125], { kappa: 0.318, percentAgreement: 0.85, … })?.triggers
 *   // ['high-agreement-low-kappa', 'extreme-prevalence']
 */
export function kappaParadoxWarning(
  levels: readonly string[],
  shares: readonly number[],
  figures: ParadoxFigures,
): KappaParadoxWarning | null {
  if (figures.kappa === null || shares.length < 2) return null;
  if (figures.units !== undefined && figures.units < PARADOX_MIN_UNITS) return null;
  const order = shares.map((_, c) => c).sort((a, b) => shares[b] - shares[a]);
  const top = order[0];
  const prevalence = figures.prevalenceIndex ?? shares[order[0]] - shares[order[1]];
  const triggers: ParadoxTrigger[] = [];
  const po = figures.percentAgreement;
  if (po !== null && po >= HIGH_AGREEMENT && figures.kappa <= po - KAPPA_GAP) triggers.push('high-agreement-low-kappa');
  if (Math.abs(prevalence) >= EXTREME_PREVALENCE_INDEX) triggers.push('extreme-prevalence');
  if (figures.biasIndex !== null && Math.abs(figures.biasIndex) >= EXTREME_BIAS_INDEX) triggers.push('extreme-bias');
  if (triggers.length === 0) return null;

  const what: string[] = [];
  if (triggers.includes('high-agreement-low-kappa')) what.push(`observed agreement is ${percent(po)} but ${figures.kappaName} is only ${fmt(figures.kappa)}`);
  if (triggers.includes('extreme-prevalence')) what.push(`"${levels[top]}" is ${percent(shares[top])} of all ratings (prevalence index ${fmt(prevalence)})`);
  if (triggers.includes('extreme-bias')) what.push(`the raters use the levels at different rates (bias index ${fmt(figures.biasIndex)})`);
  const why = triggers.includes('extreme-bias') && triggers.length === 1
    ? 'Unequal marginals raise κ above what the agreement supports (the second kappa paradox).'
    : "When one category dominates, the agreement κ expects by chance is close to 1, so a few disagreements pull κ down however often the raters agree (the kappa paradox).";
  // Only the figures defined here are quoted: a report never reads "bias index = undefined".
  const beside = ([['PABAK', figures.pabak], ["Gwet's AC1", figures.gwetAC1], ['prevalence index', prevalence], ['bias index', figures.biasIndex]] as const)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name} = ${fmt(value)}`);
  const list = beside.length > 1 ? `${beside.slice(0, -1).join(', ')} and ${beside.at(-1)}` : beside.join('');
  const message = `Kappa paradox: ${what.join('; ')}. ${why} Read ${figures.kappaName} = ${fmt(figures.kappa)} beside ${list}. Rule: ${PARADOX_RULE}.`;
  return { code: 'kappa-paradox', message, triggers, level: levels[top], share: shares[top] };
}
