import { formatMetric, humanizeKey } from './format';
import { decimal } from '../../../electron/common/numberFormat';

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

/** Metrics that are proportions in [0, 1]: always two decimals, so 1 reads "1.00", not a count. */
const PROPORTIONS = new Set([
  'stepPrecision',
  'stepRecall',
  'stepF1',
  'toolPrecision',
  'toolRecall',
  'toolF1',
  'parameterMatch',
  'toolCallAccuracy',
  'userJourneyCoverage',
]);

/** A metric's value for display, knowing what kind of number it is. */
export function formatMetricValue(key: string, value: unknown): string {
  if (typeof value === 'number' && PROPORTIONS.has(key)) return decimal(value, 2);
  return formatMetric(value);
}

/**
 * Splits scalar metrics into the scores a reviewer reads first (proportions, tiers, match
 * flags, any text) and the counts behind them (matched steps, expected calls, …).
 */
export function splitMetrics(metrics: [string, string | number | boolean | null][]) {
  const isCount = ([key, value]: [string, unknown]) => typeof value === 'number' && !PROPORTIONS.has(key) && Number.isInteger(value);
  return { scores: metrics.filter((m) => !isCount(m)), counts: metrics.filter(isCount) };
}
