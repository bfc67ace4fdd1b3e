/**
 * The label-schema model (DESIGN.md §4): a versioned list of questions an annotator answers
 * about an item or about each unit inside it. Types only, so browser code can import them;
 * `schemaJson.ts` validates JSON into these shapes.
 */
import type { ArtifactKind } from '../formats/types';

/** The question types of DESIGN.md §4. */
export type QuestionType = 'binary' | 'ordinal' | 'nominal' | 'multilabel' | 'score' | 'text';

/** Question types in the order the schema editor lists them. */
export const QUESTION_TYPES: readonly QuestionType[] = ['binary', 'ordinal', 'nominal', 'multilabel', 'score', 'text'];

/**
 * What a question is asked about: the whole item, or each unit of one kind inside it — a
 * graph node (`node`), a plan step (`step`) or a conversation turn (`turn`).
 */
export type QuestionScope = 'item' | 'node' | 'step' | 'turn';

/** Scopes in the order the schema editor lists them. */
export const QUESTION_SCOPES: readonly QuestionScope[] = ['item', 'node', 'step', 'turn'];

/**
 * One answer an annotator can pick. `value` is what is stored and exported (a CSV cell);
 * `label` is what the screen shows; `description` says when to pick it. `key` is an optional
 * keyboard shortcut (one character) for the labeling screen.
 */
export interface Choice {
  value: string;
  label: string;
  description: string;
  key?: string;
}

/** A level of an ordinal scale: a choice with the numeric value weighted statistics use. */
export interface Level extends Choice {
  numeric: number;
}

/**
 * A named band of an ordinal scale that reports show, e.g. plan quality's A+ (the top two
 * levels). A level reaches the tier when its numeric value is at least `minNumeric`; tiers
 * are cumulative (a level in A+ is also in A and B).
 */
export interface Tier {
  name: string;
  minNumeric: number;
  description: string;
}

/** One of the fixed values of a `score` question, e.g. 0, 0.5 or 1. */
export interface ScoreOption {
  value: number;
  label: string;
  description: string;
  key?: string;
}

/** Fields every question has. */
export interface QuestionBase {
  /** Stable id (`overall_quality`): what labels, exports and agreement reports refer to. */
  id: string;
  /** The question as the annotator reads it. */
  title: string;
  /** Guidance shown beside the question. */
  description: string;
  scope: QuestionScope;
  /** Whether "not applicable" is an allowed answer. */
  allowNA: boolean;
  /**
   * Whether an item can be submitted without an answer. For a unit-level question, every
   * unit of the item needs one.
   */
  required: boolean;
}

/** Two answers; the first is the positive one (pass, yes, valid). */
export interface BinaryQuestion extends QuestionBase {
  type: 'binary';
  options: [Choice, Choice];
}

/** Ordered named levels with numeric values, lowest first. */
export interface OrdinalQuestion extends QuestionBase {
  type: 'ordinal';
  levels: Level[];
  /** Bands reports show (e.g. A+, A, B); empty when the scale has none. */
  tiers: Tier[];
}

/** Unordered categories; exactly one is picked. */
export interface NominalQuestion extends QuestionBase {
  type: 'nominal';
  options: Choice[];
}

/** A closed tag set; any subset (including none) is an answer. */
export interface MultilabelQuestion extends QuestionBase {
  type: 'multilabel';
  tags: Choice[];
}

/** Fixed numeric values (e.g. 0 / 0.5 / 1), lowest first. */
export interface ScoreQuestion extends QuestionBase {
  type: 'score';
  values: ScoreOption[];
}

/** Free text. */
export interface TextQuestion extends QuestionBase {
  type: 'text';
  maxLength: number;
}

/** A question of any type. */
export type Question = BinaryQuestion | OrdinalQuestion | NominalQuestion | MultilabelQuestion | ScoreQuestion | TextQuestion;

/** The `format` marker of a label schema file. */
export const LABEL_SCHEMA_FORMAT = 'accord.label-schema';

/**
 * A label schema. `id` names the protocol (a preset name such as `plan-quality`, or the
 * user's own); `version` increases whenever the questions change, and a task records the
 * version it was created with. `kinds` lists the artifact kinds the schema applies to
 * (empty = any). Every question also accepts a free-text rationale.
 */
export interface LabelSchema {
  format: typeof LABEL_SCHEMA_FORMAT;
  id: string;
  version: number;
  title: string;
  description: string;
  kinds: ArtifactKind[];
  questions: Question[];
}

/** The value of a label: a choice's value (binary, ordinal, nominal), the tags (multilabel), a number (score) or text. */
export type LabelValue = string | number | string[];

/** The artifact kind whose units a unit-level scope refers to. */
export const KIND_OF_SCOPE: Readonly<Record<Exclude<QuestionScope, 'item'>, ArtifactKind>> = {
  node: 'graph',
  step: 'plan',
  turn: 'conversation',
};

/** The unit scope natural to each artifact kind (a `2` in a labels CSV means this unit). */
export const SCOPE_OF_KIND: Readonly<Record<ArtifactKind, Exclude<QuestionScope, 'item'>>> = {
  graph: 'node',
  plan: 'step',
  conversation: 'turn',
};

/** Finds a question by id. */
export function findQuestion(schema: LabelSchema, questionId: string): Question | undefined {
  return schema.questions.find((q) => q.id === questionId);
}
