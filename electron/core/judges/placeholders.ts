import { numbersAsWrittenOf } from '../../common/numbersAsWritten';
import type { Conversation } from '../formats/conversations/model';
import type { SopGraph } from '../formats/graphs/model';
import type { PlanRecord } from '../formats/plans/model';
import type { ArtifactKind, MetadataValue } from '../formats/types';
import type { LabelSchema } from '../schemas/model';
import { parseUnitKey } from '../schemas/unitKeys';
import { conversationText, scenarioText, traceText, turnText } from './render/conversationText';
import { executionMemoryText } from './render/sopSessionText';
import { graphText, nodeText } from './render/graphText';
import { lineageText, planText, stepText } from './render/planText';
import { rubricText } from './render/rubricText';

/** An item as a judge's template sees it: what the workspace stores, nothing more. */
export interface JudgeItem {
  externalId: string;
  dataset: string;
  kind: ArtifactKind;
  /** The canonical payload of its kind (`PlanRecord`, `SopGraph`, `Conversation`). */
  payload: unknown;
  metadata: Record<string, MetadataValue>;
}

/** What a placeholder is bound against: the item, the unit of a per-unit call, and the task's schema. */
export interface BindingContext {
  item: JudgeItem;
  /** The unit key of a per-unit call (`step:2`); null for a per-item call. */
  unit: string | null;
  schema: LabelSchema;
}

/** A placeholder's text, or null when the item lacks that field (then `{{name}}` fails and `{{name?}}` renders "(none)"). */
type Binder = (ctx: BindingContext) => string | null;

/** A placeholder a template may use. */
export interface PlaceholderInfo {
  name: string;
  /** Kinds whose items have it; empty = every kind. */
  kinds: ArtifactKind[];
  description: string;
}

const asPlan = (ctx: BindingContext) => (ctx.item.kind === 'plan' ? (ctx.item.payload as PlanRecord) : null);
const asGraph = (ctx: BindingContext) => (ctx.item.kind === 'graph' ? (ctx.item.payload as SopGraph) : null);
const asConversation = (ctx: BindingContext) => (ctx.item.kind === 'conversation' ? (ctx.item.payload as Conversation) : null);
const unitId = (ctx: BindingContext, scope: string) => {
  const parsed = ctx.unit === null ? null : parseUnitKey(ctx.unit);
  return parsed && parsed.scope === scope ? parsed.id : null;
};
const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

const BINDERS: Record<string, { kinds: ArtifactKind[]; description: string; bind: Binder }> = {
  item_id: { kinds: [], description: 'The item’s external id (query id, conversation id, graph title).', bind: (c) => c.item.externalId },
  dataset: { kinds: [], description: 'The dataset the item belongs to.', bind: (c) => c.item.dataset },
  metadata: {
    kinds: [],
    description: 'Every metadata field, one `key: value` a line (`metadata.model` gives one field).',
    bind: (c) => {
      const entries = Object.entries(c.item.metadata).filter(([, v]) => v !== null);
      return entries.length === 0 ? null : entries.map(([k, v]) => `${k}: ${v}`).join('\n');
    },
  },
  questions: { kinds: [], description: 'The task’s questions with their answers and guidance, as a rubric.', bind: (c) => rubricText(c.schema) },
  unit: { kinds: [], description: 'The unit a per-unit call is about (`2` for step 2).', bind: (c) => (c.unit === null ? null : (parseUnitKey(c.unit)?.id ?? null)) },

  query: { kinds: ['plan'], description: 'The user’s query the plan answers.', bind: (c) => asPlan(c)?.query ?? null },
  plan: { kinds: ['plan'], description: 'The plan to judge, one step a line with its dependencies.', bind: (c) => maybe(asPlan(c)?.plan, planText) },
  gold_plan: { kinds: ['plan'], description: 'The gold (best) plan, the reference.', bind: (c) => maybe(asPlan(c)?.gold, planText) },
  lineage: { kinds: ['plan'], description: 'Earlier versions of the plan, weakest first.', bind: (c) => {
    const lineage = asPlan(c)?.lineage;
    return lineage && lineage.length > 0 ? lineageText(lineage) : null;
  } },
  planner: { kinds: ['plan'], description: 'The model that wrote the plan (`llm`).', bind: (c) => asPlan(c)?.llm ?? null },
  step: {
    kinds: ['plan'],
    description: 'The step a per-step call is about, with its dependencies.',
    bind: (c) => {
      const id = unitId(c, 'step');
      const record = asPlan(c);
      const step = id === null ? undefined : (record?.plan ?? record?.gold)?.steps.find((s) => s.id === id);
      return step ? stepText(step) : null;
    },
  },

  graph: { kinds: ['graph'], description: 'The whole SOP graph: nodes, steps, tools, transitions and conditions.', bind: (c) => maybe(asGraph(c), graphText) },
  graph_title: { kinds: ['graph'], description: 'The procedure’s title.', bind: (c) => asGraph(c)?.title ?? null },
  node: {
    kinds: ['graph'],
    description: 'The node a per-node call is about.',
    bind: (c) => {
      const id = unitId(c, 'node');
      const graph = asGraph(c);
      const node = id === null ? undefined : graph?.nodes.find((n) => n.id === id);
      return graph && node ? nodeText(graph, node) : null;
    },
  },

  conversation: { kinds: ['conversation'], description: 'Every turn, numbered, tool calls and outputs included.', bind: (c) => maybe(asConversation(c), conversationText) },
  turn: {
    kinds: ['conversation'],
    description: 'The turn a per-turn call is about.',
    bind: (c) => {
      const id = unitId(c, 'turn');
      const turn = id === null ? undefined : asConversation(c)?.turns.find((t) => String(t.index) === id);
      return turn ? turnText(turn, numbersAsWrittenOf(c.item.payload)) : null;
    },
  },
  expected_trace: { kinds: ['conversation'], description: 'The tool calls the agent should make, in order.', bind: (c) => maybe(asConversation(c)?.expectedTrace, (trace) => traceText(trace, numbersAsWrittenOf(c.item.payload))) },
  actual_trace: { kinds: ['conversation'], description: 'The tool calls the agent made, in order.', bind: (c) => maybe(asConversation(c)?.actualTrace, (trace) => traceText(trace, numbersAsWrittenOf(c.item.payload))) },
  procedure: { kinds: ['conversation'], description: 'The name of the SOP graph the conversation follows.', bind: (c) => asConversation(c)?.graph ?? null },
  sop: { kinds: ['conversation'], description: 'The SOP an Agent-S session follows, as written (indented text).', bind: (c) => asConversation(c)?.sopExecution?.sopText ?? null },
  execution_memory: { kinds: ['conversation'], description: 'An Agent-S session’s steps: turn, state, action type and name, success or fail, observation.', bind: (c) => maybe(asConversation(c)?.sopExecution, executionMemoryText) },
  scenario: {
    kinds: ['conversation', 'graph'],
    description: 'The scenario: type, expected path, persona, what the user knows (graphs: a `scenario` field or metadata).',
    bind: (c) => {
      const conversation = asConversation(c);
      if (conversation) return maybe(conversation.scenario, scenarioText);
      const graph = asGraph(c);
      const scenario = graph?.extra.scenario ?? c.item.metadata.scenario;
      return scenario === undefined || scenario === null ? null : text(scenario);
    },
  },
};

function maybe<T>(value: T | null | undefined, render: (value: T) => string): string | null {
  return value === null || value === undefined ? null : render(value);
}

/** Every placeholder templates may use, for the editor's list and for validation. */
export const PLACEHOLDERS: readonly PlaceholderInfo[] = [
  ...Object.entries(BINDERS).map(([name, b]) => ({ name, kinds: b.kinds, description: b.description })),
  { name: 'metadata.<field>', kinds: [], description: 'One metadata field, e.g. `metadata.model`.' },
];

/** Whether `name` (without `?`) is a placeholder. */
export function isPlaceholder(name: string): boolean {
  return Object.hasOwn(BINDERS, name) || /^metadata\.[A-Za-z0-9_.-]+$/.test(name);
}

/**
 * The text of one placeholder for an item, or null when the item lacks the field.
 *
 * @throws Error for a name that is no placeholder (templates are validated before this).
 */
export function bindPlaceholder(name: string, ctx: BindingContext): string | null {
  if (name.startsWith('metadata.')) {
    const value = ctx.item.metadata[name.slice('metadata.'.length)];
    return value === undefined || value === null ? null : String(value);
  }
  const binder = BINDERS[name];
  if (!binder) throw new Error(`unknown placeholder {{${name}}}`);
  return binder.bind(ctx);
}
