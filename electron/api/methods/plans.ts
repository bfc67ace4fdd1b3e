import { z } from 'zod';
import type { Plan, PlanComparison } from '../../core/formats/plans/model';
import { method } from '../define';

/**
 * The query record a generated plan names by its `query_id` (DESIGN.md §3): the query, its
 * flags and its gold plan, with the generated plan scored against that gold plan step by step.
 */
export interface PlanGoldLink {
  /** The query record's item. */
  itemId: number;
  externalId: string;
  dataset: string;
  /** Deep link to the query record's item (`#/items/12`). */
  link: string;
  query: string | null;
  subjective: boolean | null;
  compound: boolean | null;
  /** The query record's gold (best) plan; `null` when the record has none. */
  gold: Plan | null;
  /** The generated plan against that gold plan (matches, precision / recall / F1, tier); `null` without a gold plan. */
  comparison: PlanComparison | null;
}

export const planMethods = {
  /**
   * The gold plan a generated plan (CSV row) is scored against: the query record whose
   * external id is the row's `query_id` — one with a gold plan first, then the earliest
   * imported, as for the item's reference metrics. `null` for a query record (its gold plan is
   * in its own payload) and for a row whose query is not in the workspace.
   */
  'plans.findGold': method<PlanGoldLink | null>()(z.object({ id: z.number().int() }), { access: 'public' }),
};
