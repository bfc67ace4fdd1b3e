import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, PLAN_TOOLS_GUIDE, PRESET_SAMPLING, reasonedAnswer } from './shared';

const LEVELS = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];

/** Plan overall quality on the 7-point scale, judged against the gold plan (reference-based). */
export const planQualityReferenceJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'plan-quality-reference',
  title: 'Plan quality (reference-based)',
  description: 'Rates a plan on the 7-point scale from Extremely Bad to Extremely Good, using the gold plan as a reference answer.',
  schemaId: 'plan-quality',
  kinds: ['plan'],
  per: 'item',
  template: {
    system: `You are an expert reviewer of tool-use plans for a contact-centre analytics assistant. You rate how well a plan would answer a user's query, strictly and consistently, the way a careful senior engineer would.

${PLAN_TOOLS_GUIDE}`,
    user: `Rate the candidate plan for the query below on a 7-point scale. A gold plan written by an expert is given as a reference.

Use the gold plan to see what the query needs, not as the only right answer: a candidate that takes a different route is as good as the gold plan if it would produce the same answer with steps that are as precise and as few. Penalise what would change the answer or make it unreliable far more than differences of wording.

Check, in this order:
1. Does the plan answer the whole query, with all of its filters (time range, call type, product, population)? A plan that answers a different or narrower question cannot be better than Bad.
2. Does every step use the right tool for what it asks (counting and filtering with T2S, reading call content with RAG, combining with LLM)?
3. Are the prompts precise and self-contained, with one operation each?
4. Are the dependencies right: does each step receive the outputs it uses, and only from earlier steps?
5. Is anything wasted: repeated steps, steps whose output nobody uses, steps that could be merged without loss?
A plan that is not readable as a plan, or could not run at all, is Extremely Bad.

The levels:
- Extremely Bad: unusable — not a readable plan, answers a different question, or could not run.
- Very Bad: mostly wrong — wrong tools, or most of what the query needs is missing.
- Bad: runs, but the answer would be wrong or badly incomplete (a key step missing or on the wrong tool).
- Acceptable: a usable answer with clear flaws (a vague prompt, an unneeded step, a loose dependency).
- Good: correct and complete, with minor issues of wording or efficiency.
- Very Good: correct, complete and efficient; only nitpicks remain.
- Extremely Good: what an expert would write — right tools, precise prompts, minimal steps, exact dependencies.

Query: {{query}}

Candidate plan:
{{plan}}

Gold plan (reference):
{{gold_plan}}

Answer with a JSON object: "rationale" (what the plan gets right and what pulls the rating down, citing steps by number) and "overall_quality" (one of ${LEVELS.map((l) => `"${l}"`).join(', ')}).
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: {
    mode: 'json_schema',
    name: 'plan_quality',
    schema: reasonedAnswer('overall_quality', { type: 'string', enum: LEVELS, description: 'The level on the 7-point scale.' }),
    strict: true,
  },
  mapping: [{ question: 'overall_quality', field: 'overall_quality', rationaleField: 'rationale' }],
};
