/**
 * Building blocks of the preset judges: what the plan tools mean, the JSON Schema pieces of a
 * reasoned verdict, and the default sampling. Our own wording throughout.
 */
import type { SamplingSettings } from '../model';

/** Deterministic sampling with room for a rationale per question. */
export const PRESET_SAMPLING: SamplingSettings = { temperature: 0, topP: null, maxTokens: 2000, seed: 7 };

/** What a plan's tools do and how its placeholders work, for every plan judge. */
export const PLAN_TOOLS_GUIDE = `How plans work:
- A plan is a list of steps. Each step calls one tool with a prompt and may depend on earlier steps.
- T2S (text-to-SQL) queries structured call records: counts, averages, durations, lists of call ids, filters on dates, call type, product, outcome. It cannot read what was said in a call.
- RAG (retrieval over call transcripts) reads the content of calls: reasons, complaints, sentiment, what the agent or customer said. It cannot count or aggregate reliably.
- LLM combines, compares, summarises or phrases the outputs of earlier steps. It has no data of its own.
- "(k)" in a step refers to the output of step k; "(query)" refers to the user's query. A step that uses (k) must list k in "depends on", and a step may only depend on earlier steps.`;

/** A JSON Schema string property. */
export const stringProperty = (description: string) => ({ type: 'string', description });

/** A JSON Schema object with a rationale written before the answer, every property required (strict mode). */
export function reasonedAnswer(answerField: string, answerSchema: Record<string, unknown>, rationale = 'Your reasoning, citing the parts of the item it rests on.') {
  return {
    type: 'object',
    properties: { rationale: stringProperty(rationale), [answerField]: answerSchema },
    required: ['rationale', answerField],
    additionalProperties: false,
  };
}

/** A JSON Schema object whose properties are all required and nothing else is allowed. */
export function closedObject(properties: Record<string, unknown>) {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** The closing instruction every preset ends its user message with. */
export const ANSWER_ONLY_JSON = 'Reply with the JSON object only, no text before or after it. Write each rationale before deciding its answer.';
