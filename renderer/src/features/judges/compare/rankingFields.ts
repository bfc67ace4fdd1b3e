/** A metadata field of items with the values they carry (as `items.metadataFields` gives them). */
export interface MetadataField {
  key: string;
  values: readonly (string | number | boolean | null)[];
}

/** The fields two runs' systems can be ranked by, best first, and the one to rank by unless asked. */
export interface RankingFields {
  keys: string[];
  /** Null when no field of the items groups them into two or more systems. */
  default: string | null;
}

/** Names benchmarks give the field saying which system made an item, most likely first. */
const SYSTEM_KEYS = ['model', 'system', 'agent', 'llm', 'planner', 'domain'];
/** Past this length a value is text (an instruction, a query), not a system's name. */
const NAME_LENGTH = 40;
/** `items.metadataFields` gives at most 50 values a field: a field with as many names no systems. */
const MAX_SYSTEMS = 50;

/**
 * The metadata fields the task's items carry that group them into systems: two or more values,
 * fewer than the items (an id or a query names one item each) and fewer than {@link MAX_SYSTEMS}.
 * Usual system fields come first (model, system, agent, …), then fields of short names (fewest
 * systems first), then the rest. The runs were ranked by `model` even where no item had one.
 *
 * `fields` may name a key more than once (one list per dataset of the task): their values are
 * pooled. `itemCount`: the items the fields were read from.
 */
export function rankingFields(fields: readonly MetadataField[], itemCount: number): RankingFields {
  const pooled = new Map<string, Set<string | number | boolean>>();
  for (const { key, values } of fields) {
    const seen = pooled.get(key) ?? pooled.set(key, new Set()).get(key)!;
    // An item without a value is in no system (the service leaves it out of the ranking).
    for (const value of values) if (value !== null) seen.add(value);
  }
  const groups = [...pooled].filter(([, values]) => values.size >= 2 && values.size < itemCount && values.size < MAX_SYSTEMS);
  const isNamed = (values: Set<unknown>) => [...values].every((v) => typeof v === 'string' && v.length <= NAME_LENGTH);
  const rank = ([key, values]: [string, Set<unknown>]) => {
    const preferred = SYSTEM_KEYS.indexOf(key);
    return preferred >= 0 ? [0, preferred] : [isNamed(values) ? 1 : 2, values.size];
  };
  groups.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  });
  const keys = groups.map(([key]) => key);
  return { keys, default: keys[0] ?? null };
}
