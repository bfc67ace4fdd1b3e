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
  // Which call a tool's output is shown under may be wrong: the reviewer must know to check it.
  'otlp-tool-span-paired-by-order',
  'otlp-tool-span-relinked',
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

/**
 * Payload fields that hold the artifact as the source wrote it — a tool call's arguments, a
 * tool's output, an event's data, an Agent-S step's observation, the simulated user's persona
 * and details — never model structure. The walk does not enter them: a key named `extra` or
 * `rating` there is the agent's or the tool's (a product's rating in a search result), which
 * the annotator judges, not a score of it.
 */
const ARTIFACT_FIELDS: ReadonlySet<string> = new Set(['arguments', 'content', 'data', 'observation', 'persona', 'userInfo']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Copy on write: `rewrite` applied to each element or field value (fields `keep` rejects left
 * out); the value itself, not a copy, when nothing changed, so a payload without scores is
 * shared, not copied, and the stored payload is never modified.
 */
function rewritten(value: unknown, rewrite: (key: string, value: unknown) => unknown, keep: (key: string) => boolean = () => true): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((element: unknown, i) => {
      const after = rewrite(String(i), element);
      if (after !== element) changed = true;
      return after;
    });
    return changed ? next : value;
  }
  if (!isRecord(value)) return value;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, field] of Object.entries(value)) {
    if (!keep(key)) {
      changed = true;
      continue;
    }
    const after = rewrite(key, field);
    if (after !== field) changed = true;
    entries.push([key, after]);
  }
  // fromEntries defines own properties, so a source key `__proto__` stays a plain field.
  return changed ? Object.fromEntries(entries) : value;
}

/** Source fields Accord does not interpret without their score fields, at any depth: through nested objects and lists. */
function extraWithoutScores(extra: unknown): unknown {
  return rewritten(extra, (_key, value) => extraWithoutScores(value), (key) => !isScoreField(key));
}

/** A payload whose every `extra` lost its score fields: model fields stay, whatever their names; artifact fields are not entered. */
function extrasWithoutScores(value: unknown): unknown {
  return rewritten(value, (key, field) => (key === 'extra' ? extraWithoutScores(field) : ARTIFACT_FIELDS.has(key) ? field : extrasWithoutScores(field)));
}

/**
 * An item's payload without automatic scores: a plan record's comparison with its gold plan
 * (matches, F1, tier) goes, and every source field the format does not define loses its score
 * fields, wherever the payload keeps them. Every model keeps those under `extra` (a
 * conversation's record, scenario, turns, expected calls, gold terminations and Agent-S steps;
 * a graph's, and each node's, tool's, input's, response's, pathway's, condition's and edge's; a
 * plan record's, and each step's of the plan, the gold plan and the lineage), so the whole
 * payload is walked and each value under a key `extra` cleaned, through nested objects and
 * lists: a part a model adds later is covered with no list here to update. The model's own
 * fields are never removed, whatever their names; only what the source kept is judged by its
 * name ({@link isScoreField}). The walk does not enter the artifact's own values
 * ({@link ARTIFACT_FIELDS}). The gold plan and the expected trace stay: they are the source's,
 * not a score, and the annotator sees them in the Raw tab's payload even though the viewer
 * shows no comparison. The payload given is not modified; parts without scores are shared.
 */
export function payloadWithoutScores(kind: 'graph' | 'plan' | 'conversation', payload: unknown): unknown {
  const cleaned = extrasWithoutScores(payload);
  if (kind !== 'plan' || !isRecord(cleaned) || !isRecord(cleaned.analysis)) return cleaned;
  return { ...cleaned, analysis: { ...cleaned.analysis, comparison: null } };
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
