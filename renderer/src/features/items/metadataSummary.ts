import type { MetadataValue } from '../../api/types';

/** Keys reviewers sort and filter by most, shown first when a row has room for only a few. */
const PREFERRED_KEYS = ['model', 'llm', 'domain', 'intent', 'scenarioType', 'scenario_type', 'graph', 'persona', 'prompt_type', 'parse_status'];
/** Keys that repeat the external id (a plan's query id, a graph's title): shown last. */
const DEMOTED_KEYS = ['query_id', 'title'];

/**
 * The metadata entries worth a place in a narrow column: preferred keys first, then the rest
 * in their stored order, then keys that only repeat the id; null and empty values left out.
 */
export function metadataSummary(metadata: Record<string, MetadataValue>, limit = 3): [string, string][] {
  const entries = Object.entries(metadata).filter(([, v]) => v !== null && v !== '');
  const rank = (key: string) => {
    if (DEMOTED_KEYS.includes(key)) return PREFERRED_KEYS.length + 1;
    const index = PREFERRED_KEYS.indexOf(key);
    return index < 0 ? PREFERRED_KEYS.length : index;
  };
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.order - b.order)
    .slice(0, limit)
    .map(({ entry: [key, value] }) => [key, String(value)]);
}
