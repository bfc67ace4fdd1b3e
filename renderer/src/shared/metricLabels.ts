import { humanizeKey } from './format';

/** Names of the reference metrics of DESIGN.md §3 as reviewers and papers write them. */
const KNOWN: Record<string, string> = {
  stepPrecision: 'Step precision',
  stepRecall: 'Step recall',
  stepF1: 'Step F1',
  tier: 'Tier',
  traceExactMatch: 'Trace exact match',
  toolPrecision: 'Tool precision',
  toolRecall: 'Tool recall',
  toolF1: 'Tool F1',
  parameterMatch: 'Parameter match',
  toolCallAccuracy: 'Tool Call Accuracy',
  userJourneyCoverage: 'User Journey Coverage',
};

/** A metric key as a label: the known name, else the key in sentence case. */
export function metricLabel(key: string): string {
  if (KNOWN[key]) return KNOWN[key];
  const words = humanizeKey(key);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The metrics a summary can show in one line each (scalars); structures are for the viewers. */
export function scalarMetrics(metrics: Record<string, unknown> | null): [string, string | number | boolean | null][] {
  if (!metrics) return [];
  return Object.entries(metrics).filter(
    (entry): entry is [string, string | number | boolean | null] => entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
  );
}
