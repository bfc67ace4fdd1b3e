import type { RaterDistribution, RaterTierShares } from '../../api/contract';
import type { OrdinalQuestion } from '../../core/schemas/model';
import { tierShares } from '../../core/schemas/tiers';
import type { AgreementRating } from '../annotation/agreementRatings';

/**
 * How often each rater used each category — the marginals behind κ, and the first thing to
 * look at when one annotator is harsher than the other. Multilabel answers count each tag
 * chosen (`categories` are then the tags).
 */
export function raterDistribution(
  ratings: readonly AgreementRating[],
  raters: readonly string[],
  categories: readonly string[],
  multilabel: boolean,
): RaterDistribution[] {
  const index = new Map(categories.map((name, i) => [name, i]));
  return raters.map((rater) => {
    const counts = new Array<number>(categories.length).fill(0);
    let answered = 0;
    let notApplicable = 0;
    for (const rating of ratings) {
      if (rating.rater !== rater) continue;
      if (rating.value === null) {
        notApplicable++;
        continue;
      }
      answered++;
      const chosen = multilabel ? rating.value.split(';').filter((tag) => tag !== '') : [rating.value];
      for (const name of chosen) {
        const i = index.get(name);
        if (i !== undefined) counts[i]++;
      }
    }
    return { rater, counts, answered, notApplicable };
  });
}

/**
 * Each rater's share of answers in each tier (plan quality's cumulative A+ / A / B), as the
 * plan-quality protocol reports them; a rater who answered nothing has null shares, not 0.
 */
export function raterTierShares(question: OrdinalQuestion, ratings: readonly AgreementRating[], raters: readonly string[]): RaterTierShares[] {
  return raters.map((rater) => {
    const values = ratings.filter((r) => r.rater === rater).map((r) => r.value);
    const shares = tierShares(question, values);
    return {
      rater,
      answered: shares[0]?.total ?? values.filter((v) => v !== null).length,
      shares: shares.map((s) => ({ tier: s.tier, count: s.count, share: s.total === 0 ? null : s.share })),
    };
  });
}
