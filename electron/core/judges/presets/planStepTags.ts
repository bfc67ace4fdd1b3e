import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, closedObject, PLAN_TOOLS_GUIDE, PRESET_SAMPLING, stringProperty } from './shared';

const TAGS = ['incorrect_tool', 'incorrect_prompt', 'complex_prompt', 'repeated_detail', 'multi_tool_prompt', 'no_change'];

/** Diagnostic tags for every step of a plan, in one call per plan. */
export const planStepTagsJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'plan-step-tags',
  title: 'Plan step tags',
  description: 'Tags each step of a plan with what is wrong with it (incorrect tool, incorrect prompt, complex prompt, repeated detail, multi-tool prompt) or with no_change.',
  schemaId: 'plan-step-tags',
  kinds: ['plan'],
  per: 'item',
  template: {
    system: `You are an expert reviewer of tool-use plans for a contact-centre analytics assistant. You diagnose each step of a plan precisely, flagging real problems and leaving correct steps alone.

${PLAN_TOOLS_GUIDE}`,
    user: `Diagnose every step of the plan below. For each step, list every tag that applies:
- "incorrect_tool": the step calls the wrong tool for what it asks (e.g. counting with RAG, reading transcripts with T2S, fetching data with LLM).
- "incorrect_prompt": the prompt asks for the wrong thing, drops a constraint of the query (a time range, a call type), or refers to the wrong earlier step.
- "complex_prompt": the prompt packs several questions or operations into one and should be split into steps.
- "repeated_detail": the prompt repeats filters or details an earlier step already applied, or duplicates another step.
- "multi_tool_prompt": answering the prompt needs more than one tool (e.g. counting calls and reading their content at once).
- "no_change": the step is right as it is. Use it alone, never together with another tag.

Judge each step in the context of the query and of the steps it depends on. When a gold plan is given, use it to see what the query needs; a step that differs from the gold plan but does its job correctly is "no_change".

Query: {{query}}

Plan:
{{plan}}

Gold plan (reference, if any):
{{gold_plan?}}

Answer with a JSON object with a "steps" list holding one entry per step of the plan, in order: "step" (the step's id as shown, e.g. "2"), "rationale" (one or two sentences) and "tags" (the list of tags).
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: {
    mode: 'json_schema',
    name: 'plan_step_tags',
    schema: closedObject({
      steps: {
        type: 'array',
        items: closedObject({
          step: stringProperty('The step id, as shown after "Step".'),
          rationale: stringProperty('Why these tags apply.'),
          tags: { type: 'array', items: { type: 'string', enum: TAGS } },
        }),
      },
    }),
    strict: true,
  },
  mapping: [{ question: 'step_tags', field: 'tags', rationaleField: 'rationale', units: { list: 'steps', idField: 'step' } }],
};
