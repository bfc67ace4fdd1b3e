import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, closedObject, PLAN_TOOLS_GUIDE, PRESET_SAMPLING, stringProperty } from './shared';

const METRICS: [id: string, nullable: boolean][] = [
  ['tool_prompt_alignment', false],
  ['format', false],
  ['step_executability', false],
  ['query_adherence', false],
  ['dependencies', false],
  ['redundancy', false],
  ['tool_usage_completeness', true],
];

const metric = (nullable: boolean) =>
  closedObject({
    rationale: stringProperty('Your reasoning, citing steps by number.'),
    score: nullable ? { type: ['number', 'null'], enum: [0, 0.5, 1, null] } : { type: 'number', enum: [0, 0.5, 1] },
  });

/** The seven plan metrics, each 0 / 0.5 / 1. */
export const planMetricsJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'plan-metrics',
  title: 'Plan metrics',
  description: 'Scores a plan on seven metrics (tool–prompt alignment, format, step executability, query adherence, dependencies, redundancy, tool-usage completeness), 0 / 0.5 / 1 each.',
  schemaId: 'plan-metrics',
  kinds: ['plan'],
  per: 'item',
  template: {
    system: `You are an expert reviewer of tool-use plans for a contact-centre analytics assistant. You score plans on fixed metrics, each on its own evidence.

${PLAN_TOOLS_GUIDE}`,
    user: `Score the plan on seven metrics. Each score is 1 when the plan fully meets the metric, 0.5 when it partly does, 0 when it does not.

- tool_prompt_alignment: do the prompts suit their tools? (T2S prompts ask for data a query can fetch, RAG prompts ask about call content, LLM prompts combine or phrase results.) 0.5 when one or two prompts do not; 0 when most, or the one that matters, do not.
- format: is the plan well formed — valid structure, one call per step, placeholders such as (1) and (query) used correctly? 0.5 for small slips a tolerant reader still understands; 0 when it is not a readable plan.
- step_executability: could every step run as written, with its inputs available and a prompt specific enough to act on? 0.5 when a step is vague or misses an input but could run with a guess; 0 when a step could not run.
- query_adherence: does the plan answer the query as asked, with all its filters and nothing the user did not ask for? 0.5 when it misses or bends a part or a filter; 0 when it answers a different question.
- dependencies: does depends_on list exactly the earlier steps whose outputs each step uses, matching its placeholders? 0.5 for a missing or superfluous dependency that does not break the answer; 0 when a step uses an output it never receives.
- redundancy: is the plan free of redundant steps? 1 = none, 0.5 = one redundant step, 0 = several.
- tool_usage_completeness: does the plan use every tool the query needs (a "why" question about calls needs RAG, a count needs T2S)? 0.5 when a needed tool covers only part of what it should; 0 when a needed tool is not used; null when the query needs no tool at all.

Query: {{query}}

Plan:
{{plan}}

Answer with a JSON object with one entry per metric (${METRICS.map(([id]) => `"${id}"`).join(', ')}), each an object with "rationale" and "score".
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: {
    mode: 'json_schema',
    name: 'plan_metrics',
    schema: closedObject(Object.fromEntries(METRICS.map(([id, nullable]) => [id, metric(nullable)]))),
    strict: true,
  },
  mapping: METRICS.map(([id]) => ({ question: id, field: `${id}.score`, rationaleField: `${id}.rationale` })),
};
