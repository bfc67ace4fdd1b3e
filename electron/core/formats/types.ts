/**
 * Shared shapes of the artifact importers (DESIGN.md §3). Every format module turns decoded
 * source records into {@link ParsedItem}s; the import service stores them.
 */

/** The three artifact kinds Accord reviews. */
export type ArtifactKind = 'graph' | 'plan' | 'conversation';

/** Severity of a validator finding. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * Where inside an artifact a finding (or a label) applies. Exactly one unit key is set for a
 * unit-level location; `null` means the whole item. `field` optionally narrows further
 * (e.g. `"depends_on"`, `"condition"`), `version` picks a lineage version of a plan.
 */
export interface UnitLocation {
  node?: string;
  edge?: string;
  step?: string;
  turn?: number;
  version?: number;
  field?: string;
}

/** One validator result, stored in the `findings` table. */
export interface Finding {
  /** Stable validator id, kebab-case, e.g. `graph-single-start`, `plan-invalid-json`. */
  validator: string;
  severity: Severity;
  location: UnitLocation | null;
  message: string;
}

/** Scalar metadata used for filtering (model, domain, intent, scenario type, llm, …). */
export type MetadataValue = string | number | boolean | null;

/** One reviewable artifact produced by a format module. */
export interface ParsedItem {
  /** Id from the source (query_id, conversation id, graph title, …); unique within a dataset. */
  externalId: string;
  kind: ArtifactKind;
  /** Canonical, JSON-serialisable payload; unknown source fields are kept under their names. */
  payload: unknown;
  /** The source text when it was not valid JSON (e.g. a malformed plan), else null. */
  rawText: string | null;
  metadata: Record<string, MetadataValue>;
  findings: Finding[];
  /** Deterministic reference metrics computed at parse time (plan F1/tier, trace match…). */
  metrics?: Record<string, unknown>;
  /** 1-based source line of the record (JSONL line, CSV row line), for messages. */
  line?: number;
  /**
   * Human labels the source carries with the item (JUDGE-BENCH's individual scores), and the
   * label schema they answer: the import creates a task over the dataset with these labels.
   */
  annotations?: ImportedAnnotations;
}

/** Labels that come with imported items, from anonymous rater slots (`rater 1`, `rater 2`, …). */
export interface ImportedAnnotations {
  /** Label-schema JSON (the same object for every item of a file). */
  schema: Record<string, unknown>;
  labels: { question: string; rater: string; value: string }[];
}

/**
 * A problem that makes a record (or a whole file) unimportable. `line`/`column` are 1-based
 * positions in the source file; `field` is a dotted path such as `nodes[3].responsePathways`.
 */
export class FormatError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
    readonly column: number | null = null,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'FormatError';
  }
}

/** Source format identifiers, as reported by `accord import --json` in `format`. */
export type SourceFormat =
  | 'sop-graph-json'
  | 'flowgraph-lines'
  | 'plans-jsonl'
  | 'plans-json'
  | 'plans-csv'
  | 'conversations-chat-jsonl'
  | 'conversations-chat-json'
  | 'conversations-roles-json'
  | 'conversations-roles-jsonl'
  | 'trajectory-events-jsonl'
  /** Read through a mapping the user gave (`--mapping`) or saved. */
  | 'mapping'
  /** Read by a preset that recognises a published release (`preset:tau-bench`, …). */
  | `preset:${string}`;
