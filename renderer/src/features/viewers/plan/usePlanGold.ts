import type { PlanGoldLink } from '../../../../../electron/api/contract';
import type { PlanRecord } from '../../../../../electron/api/artifacts';
import { useApiQuery } from '../../../api/useApiQuery';

/** The linked query record of a generated plan: loading, found (or `null` when not in the workspace), or failed. */
export interface GoldLinkState {
  /** False for query records, which carry their own gold plan. */
  applies: boolean;
  loading: boolean;
  link: PlanGoldLink | null;
  error: string | null;
}

/**
 * For a generated plan (CSV row), fetches the query record its `query_id` names — query,
 * flags, gold plan and the comparison — through `plans.findGold`.
 */
export function usePlanGold(itemId: number, record: PlanRecord): GoldLinkState {
  const applies = record.source === 'generated-row' && record.queryId !== null;
  const state = useApiQuery(`plans.findGold ${itemId}`, (api) => api['plans.findGold']({ id: itemId }), applies);
  return { applies, loading: applies && state.loading && state.data === undefined, link: state.data ?? null, error: state.error };
}
