/**
 * The canonical plan payload (DESIGN.md §3 "Plans") that every plan source format is turned
 * into, stored as the item's payload and read by the plan viewer. Types only: this file must
 * stay importable from browser code.
 *
 * Conventions: step indices are 0-based positions in {@link Plan.steps}; step ids are the
 * source keys (`"1"`, `"2"`, …) and are the `step` of a finding's or label's location;
 * lineage versions are 0-based positions in {@link PlanRecord.lineage} and are the `version`
 * of a location. Fields a source does not carry are `null`; unknown source fields are kept
 * under their own names in `extra`.
 *
 * Finding locations inside a plan record: `{ step }` (+ `field` such as `depends_on`) is a
 * step of the main plan; a `field` starting with `best_plan` is the gold plan
 * (`{ step: '2', field: 'best_plan.depends_on' }`); `{ version, step }` is a lineage version.
 * Whole-plan findings use `{ field: 'plan' }`, `{ field: 'best_plan' }` or `{ version }`.
 */

/** The plan source formats (a subset of `SourceFormat`). */
export type PlanSourceFormat = 'plans-jsonl' | 'plans-json' | 'plans-csv';

/**
 * How the plan was read:
 * - `json`: strict JSON (a JSON object in the record, or plan text that `JSON.parse` accepts);
 * - `tolerant`: the text was not JSON but the tolerant reader understood it (unquoted keys,
 *   unquoted calls, single quotes, trailing commas…); {@link Plan.jsonError} says where it
 *   first left JSON;
 * - `invalid`: not even the tolerant reader understood it, or it is not an object of steps;
 *   {@link Plan.readError} says why, and {@link Plan.steps} is empty.
 */
export type PlanParseStatus = 'json' | 'tolerant' | 'invalid';

/** A problem in plan text, with a 1-based line and column inside that text where known. */
export interface PlanTextError {
  message: string;
  line: number | null;
  column: number | null;
}

/** Why a plan could not be read: bad syntax, or readable text of the wrong shape. */
export interface PlanReadError extends PlanTextError {
  kind: 'syntax' | 'shape';
}

/**
 * A placeholder inside a prompt: `(k)` refers to the output of step `k`, `(query)` to the
 * user's query. `start`/`end` are UTF-16 offsets into {@link PlanStep.prompt} (end exclusive),
 * for highlighting.
 */
export type PlanPlaceholder =
  | { kind: 'step'; ref: string; text: string; start: number; end: number }
  | { kind: 'query'; text: string; start: number; end: number };

/** One step of a plan: a tool call with a prompt, e.g. `RAG((1), 'Why did they cancel?')`. */
export interface PlanStep {
  /** 0-based position in the plan, in source order. */
  index: number;
  /** The source key (`"1"`); not necessarily unique when the source repeats a key. */
  id: string;
  /** The step text as written, e.g. `T2S([], 'Count calls')`. */
  text: string;
  /** The step field the text came from (`query` in JSON sources, `step` in some generated ones). */
  textField: 'query' | 'step';
  /** The called tool as written (`T2S`, `RAG`, `LLM`, …); `null` when the text is not a call. */
  tool: string | null;
  /** Positional inputs before the prompt, as written (`[]`, `(1)`, `[(1), (2)]`). */
  arguments: string[];
  /** Step ids the arguments refer to (`(1)` → `"1"`), in order of appearance, without repeats. */
  argumentRefs: string[];
  /** The prompt (the call's last, quoted argument, unquoted); the whole text when not a call. */
  prompt: string;
  /** `(k)` and `(query)` placeholders found in the prompt. */
  placeholders: PlanPlaceholder[];
  /** Step ids this step depends on, as strings (`[1, 2]` → `["1", "2"]`). */
  dependsOn: string[];
  /** Step fields other than the text and `depends_on`. */
  extra: Record<string, unknown>;
}

/** A plan: ordered steps, plus how its source was read. */
export interface Plan {
  parseStatus: PlanParseStatus;
  steps: PlanStep[];
  /** The source text when it was not strict JSON (parse status `tolerant` or `invalid`), else `null`. */
  rawText: string | null;
  /** Where the text first stopped being strict JSON; `null` when it is JSON. */
  jsonError: PlanTextError | null;
  /** Why the plan could not be read (parse status `invalid` only); else `null`. */
  readError: PlanReadError | null;
}

/** A step named by its position and its id (ids alone may repeat). */
export interface StepRef {
  index: number;
  id: string;
}

/** A plan step matched to a gold step by {@link PlanComparison}. */
export interface StepMatch {
  plan: StepRef;
  gold: StepRef;
  /**
   * Whether the two steps depend on matching steps (the plan step's dependencies, mapped
   * through the matches, equal the gold step's). Informative only: it does not change F1.
   */
  sameDependencies: boolean;
}

/** The seven quality tiers of a plan, lowest first (DESIGN.md §3). */
export type PlanTier =
  | 'Extremely Bad'
  | 'Very Bad'
  | 'Bad'
  | 'Acceptable'
  | 'Good'
  | 'Very Good'
  | 'Extremely Good';

/**
 * A plan scored against its gold plan, step by step. Scores are fractions in [0, 1];
 * `null` where undefined (no steps to divide by, unreadable gold plan), with the reason in
 * {@link PlanComparison.reason}. (`null`, not NaN, because this object is stored as JSON.)
 */
export interface PlanComparison {
  planSteps: number;
  goldSteps: number;
  matchedSteps: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  tier: PlanTier | null;
  /** Why a score is null, or why the tier was set without F1; else `null`. */
  reason: string | null;
  matches: StepMatch[];
  unmatchedPlan: StepRef[];
  unmatchedGold: StepRef[];
}

/** What differs between two paired steps. */
export type StepChangeKind = 'tool' | 'prompt' | 'arguments' | 'depends_on';

/** Which rule of {@link PlanDiff} paired two steps. */
export type StepPairRule = 'same-content' | 'same-prompt' | 'similar-prompt' | 'same-id';

/** Two steps of consecutive versions paired by {@link PlanDiff}. */
export interface StepPair {
  from: StepRef;
  to: StepRef;
  matchedBy: StepPairRule;
}

/** A paired step that changed, and how. */
export interface ChangedStep extends StepPair {
  changes: StepChangeKind[];
}

/** The step-level difference between two plan versions (`from` → `to`). */
export interface PlanDiff {
  /** Steps of `to` with no counterpart in `from`. */
  added: StepRef[];
  /** Steps of `from` with no counterpart in `to`. */
  removed: StepRef[];
  changed: ChangedStep[];
  unchanged: StepPair[];
}

/** The longest chain of dependencies in a plan. */
export interface HopDepth {
  /** Number of steps on the longest chain (a lone step is depth 1; an empty plan 0). */
  depth: number;
  /** Ids of the steps on that chain, first to last. */
  chain: string[];
}

/** Derived views of a record, computed at import so the viewer needs no plan logic. */
export interface PlanAnalysis {
  /** Hop depth of the main plan (of the gold plan when there is no main plan); `null` if neither is readable. */
  hopDepth: HopDepth | null;
  /** The main plan against the gold plan, when the record carries both. */
  comparison: PlanComparison | null;
  /** `lineageDiffs[i]` is the difference from `lineage[i]` to `lineage[i + 1]`. */
  lineageDiffs: PlanDiff[];
}

/**
 * One plan item. From a query record (`plans.jsonl`): the query, its flags, the plan, the
 * optional gold plan and lineage. From a generated row (`plans-generated.csv`): the query id
 * that links it to its query, the planner (`llm`), the prompt type and the plan.
 */
export interface PlanRecord {
  source: 'query-record' | 'generated-row';
  /** The query id as the source wrote it; `null` when missing (the item id then falls back to file and line). */
  queryId: string | null;
  /** The user's query; `null` when the source carries only the id (generated rows). */
  query: string | null;
  subjective: boolean | null;
  compound: boolean | null;
  /** The planner model that generated the plan. */
  llm: string | null;
  promptType: string | null;
  /** `null` when the record carries no plan (a query with only its gold plan). */
  plan: Plan | null;
  /** The gold (best) plan. */
  gold: Plan | null;
  /** Plan versions, weakest to best. */
  lineage: Plan[];
  /** Source fields (or CSV columns) not listed above. */
  extra: Record<string, unknown>;
  analysis: PlanAnalysis;
}
