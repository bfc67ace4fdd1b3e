import type { Finding, MetadataValue } from '../formats/types';

/*
 * Automatic scores anchor judgements (issue 13): an annotator who sees "F1 0.86", a tier on the
 * scale of the question, a red validator badge or the source's reward answers toward it. While
 * a task hides them, its annotators get items without them. Findings that help reading the
 * artifact (it is not valid JSON, a field was ignored) stay: they say what is on screen, not
 * how good it is.
 */

/** Validators whose findings help reading and say nothing of quality: they stay while scores are hidden. */
export const READING_AIDS: ReadonlySet<string> = new Set([
  'plan-invalid-json',
  'plan-invalid-shape',
  'plan-missing-query-id',
  'plan-repeated-id',
  'graph-reserved-key',
  'conversation-invalid-tool-arguments',
  'conversation-tool-arguments-not-object',
  'conversation-unknown-role',
  // What a reader did not read, or read as a comment: the reviewer must know the view is partial.
  'graph-header-as-comment',
  'otlp-span-not-read',
  'otlp-trace-not-read',
  'tau-bench-action-unread',
]);

/** Words that make a source field an automatic score (`reward`, `judge_score`, `toolF1`, `tier`, …). */
const SCORE_WORDS: ReadonlySet<string> = new Set([
  // `human`: a release's aggregate of its human raters (JUDGE-BENCH's `quality_mean_human`, `toxicity_majority_human`).
  'human', 'reward', 'rewards', 'score', 'scores', 'scored', 'f1', 'tier', 'tiers', 'accuracy', 'precision', 'recall',
  'verdict', 'verdicts', 'rating', 'ratings', 'grade', 'grades', 'correctness', 'success', 'passed', 'failed',
]);

/** Whether a finding helps reading (kept while scores are hidden) rather than judging. */
export function isReadingAid(finding: Pick<Finding, 'validator'>): boolean {
  return READING_AIDS.has(finding.validator);
}

/** Whether a source field's name says it holds a score: split at `_`, `-`, `.`, spaces and camelCase, any word a score word. */
export function isScoreField(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some((w) => SCORE_WORDS.has(w));
}

/** Metadata without its score fields. */
export function metadataWithoutScores(metadata: Record<string, MetadataValue>): Record<string, MetadataValue> {
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => !isScoreField(key)));
}

/** A record's extra source fields without score fields, recursively through plain objects. */
function extraWithoutScores(extra: unknown): unknown {
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) return extra;
  return Object.fromEntries(
    Object.entries(extra as Record<string, unknown>)
      .filter(([key]) => !isScoreField(key))
      .map(([key, value]) => [key, extraWithoutScores(value)]),
  );
}

/** An object's `extra` without score fields; anything else as it is. */
function withExtraWithoutScores(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('extra' in value)) return value;
  return { ...value, extra: extraWithoutScores((value as { extra: unknown }).extra) };
}

/** A gold termination (`{ field, index, call }`) whose call's extra lost its score fields; anything else as it is. */
function terminationWithoutScores(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('call' in value)) return value;
  return { ...value, call: withExtraWithoutScores((value as { call: unknown }).call) };
}

/**
 * An item's payload without automatic scores: a plan record's comparison with its gold plan
 * (matches, F1, tier) goes, and every payload's extra source fields lose their score fields —
 * a conversation's also on its scenario, on each turn (a message's own `rating` or `reward`,
 * which the conversation viewer shows with the turn), on each expected call and on each gold
 * termination (`expectedTerminations[].call`): a gold entry's own `reward` or `judge_score`.
 * The gold plan and the expected trace stay: they are the source's, not a score, and the
 * annotator sees them in the Raw tab's payload even though the viewer shows no comparison.
 */
export function payloadWithoutScores(kind: 'graph' | 'plan' | 'conversation', payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  const record = { ...(withExtraWithoutScores(payload) as Record<string, unknown>) };
  if (kind === 'conversation') {
    if ('scenario' in record) record.scenario = withExtraWithoutScores(record.scenario);
    if (Array.isArray(record.turns)) record.turns = record.turns.map(withExtraWithoutScores);
    if (Array.isArray(record.expectedTrace)) record.expectedTrace = record.expectedTrace.map(withExtraWithoutScores);
    if (Array.isArray(record.expectedTerminations)) record.expectedTerminations = record.expectedTerminations.map(terminationWithoutScores);
  }
  if (kind === 'plan' && typeof record.analysis === 'object' && record.analysis !== null) {
    record.analysis = { ...(record.analysis as Record<string, unknown>), comparison: null };
  }
  return record;
}

/** What an item shows, without automatic scores: reference metrics (all of them scores) go, findings keep only reading aids. */
export function withoutScores<T extends { kind: 'graph' | 'plan' | 'conversation'; payload: unknown; metrics: Record<string, unknown> | null; findings: Finding[]; metadata: Record<string, MetadataValue> }>(item: T): T {
  return {
    ...item,
    payload: payloadWithoutScores(item.kind, item.payload),
    metrics: null,
    findings: item.findings.filter(isReadingAid),
    metadata: metadataWithoutScores(item.metadata),
  };
}
