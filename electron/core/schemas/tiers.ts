import { tiersOf } from '../../common/labelSchemaRules';
import type { OrdinalQuestion } from './model';

// tiersOf runs in the browser too, so it lives in electron/common/; re-exported beside the model.
export { tiersOf };

/** The best tier a level reaches, or null when it reaches none. */
export function bestTier(question: OrdinalQuestion, levelValue: string): string | null {
  return tiersOf(question, levelValue)[0] ?? null;
}

/** How many answers reach a tier, out of how many answered (N/A and missing excluded). */
export interface TierShare {
  tier: string;
  count: number;
  total: number;
  /** count / total; NaN when nothing was answered. */
  share: number;
}

/**
 * The share of answers in each tier, as reports show them ("A+: 12 of 40, 30 %").
 *
 * @example tierShares(planQuality, ['Extremely Good', 'Good', 'Bad', null]) // A+ 1/3, A 2/3, B 2/3
 */
export function tierShares(question: OrdinalQuestion, values: readonly (string | null)[]): TierShare[] {
  const answered = values.filter((v): v is string => v !== null && question.levels.some((l) => l.value === v));
  return [...question.tiers]
    .sort((a, b) => b.minNumeric - a.minNumeric)
    .map((tier) => {
      const count = answered.filter((v) => tiersOf(question, v).includes(tier.name)).length;
      return { tier: tier.name, count, total: answered.length, share: answered.length === 0 ? NaN : count / answered.length };
    });
}
