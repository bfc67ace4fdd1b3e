/**
 * The judge model (DESIGN.md §6): a prompt template whose placeholders bind to item fields,
 * sampling settings, the JSON answer it asks for, and how that answer maps onto the questions
 * of a label schema. Types only, so browser code can import them; `judgeJson.ts` validates
 * JSON into these shapes.
 */
import type { ArtifactKind } from '../formats/types';
import type { LabelValue, QuestionScope } from '../schemas/model';

/** The `format` marker of a judge file. */
export const JUDGE_FORMAT = 'accord.judge';

/** A system message and a user message; `{{placeholder}}` binds an item field (see `placeholders.ts`). */
export interface JudgeTemplate {
  system: string;
  user: string;
}

/** Sampling settings sent with every request; null leaves the server's default. */
export interface SamplingSettings {
  temperature: number | null;
  topP: number | null;
  maxTokens: number | null;
  seed: number | null;
}

/**
 * How the answer is requested: `json_schema` asks for structured output with `schema`
 * (OpenAI, vLLM, Ollama, llama.cpp server all accept it); `json_object` asks for any JSON
 * object; `text` asks for nothing and relies on the prompt. In every mode the answer is read
 * tolerantly: the whole content as JSON, else a fenced block, else the first balanced object.
 */
export type OutputMode = 'json_schema' | 'json_object' | 'text';

/** The answer a judge asks for. */
export interface JudgeOutput {
  mode: OutputMode;
  /** The schema's name in the request (`[a-zA-Z0-9_-]`, as OpenAI requires). */
  name: string;
  /** JSON Schema of the answer object. */
  schema: Record<string, unknown>;
  /** OpenAI's strict structured output (every property required, no additional ones). */
  strict: boolean;
}

/**
 * Where one question's answer is in the response. Paths are dot-separated property names
 * (`verdict.value`).
 *
 * - An item-level question, or any question of a judge called once per unit: `field` (and
 *   `rationaleField`) are read from the response itself.
 * - A unit-level question answered for every unit in one call: `units.list` is the array of
 *   per-unit entries, `units.idField` the unit's id in each entry (the step id `2`, the node
 *   id, the turn index), and `field` / `rationaleField` are read from each entry.
 *
 * `valueMap` translates what the model wrote (matched trimmed and case-insensitively, numbers
 * as written) into the question's value, e.g. `{"6": "Very Good"}`; null there means N/A.
 * Without an entry, the answer is matched against the question's values, labels and (for an
 * ordinal question) level numbers.
 */
export interface QuestionMapping {
  question: string;
  field: string;
  rationaleField?: string;
  valueMap?: Record<string, LabelValue | null>;
  units?: { list: string; idField: string };
}

/** What one request is about: the whole item, or one unit of it (one call per node, step or turn). */
export type JudgeGranularity = 'item' | Exclude<QuestionScope, 'item'>;

/** A judge, as exported and imported. */
export interface JudgeDefinition {
  format: typeof JUDGE_FORMAT;
  /** Stable name (`plan-quality-reference`); what runs and the rater name refer to. */
  id: string;
  title: string;
  description: string;
  /** The label schema whose questions it answers (a preset name or a task's schema id). */
  schemaId: string;
  /** Artifact kinds it reads. */
  kinds: ArtifactKind[];
  /** One request per item, or one per unit of this scope. */
  per: JudgeGranularity;
  template: JudgeTemplate;
  sampling: SamplingSettings;
  output: JudgeOutput;
  mapping: QuestionMapping[];
}

/** One answer a judge gave, ready for the label store. `unit` is a unit key (`step:2`, `''` for the item). */
export interface JudgeLabel {
  unit: string;
  question: string;
  value: LabelValue | null;
  na: boolean;
  rationale: string | null;
}

/** The outcome of reading a response: labels, or what is wrong with it in words. */
export type ParseOutcome = { ok: true; labels: JudgeLabel[]; answer: unknown } | { ok: false; error: string };
