import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, closedObject, PRESET_SAMPLING, reasonedAnswer } from './shared';

const score = reasonedAnswer('score', { type: 'integer', enum: [1, 2, 3, 4, 5] }, 'Your reasoning, naming the nodes or branches it rests on.');

/** Workflow trimming: relevance and completeness of a trimmed workflow for its scenario, 1–5 each. */
export const workflowTrimJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'workflow-trim',
  title: 'Workflow relevance and completeness',
  description: 'Rates a workflow trimmed from a full procedure for one scenario: how relevant what remains is, and how complete it is, 1–5 each.',
  schemaId: 'workflow-trim',
  kinds: ['graph'],
  per: 'item',
  template: {
    system: `You are a contact-centre operations expert. Workflows are trimmed from full standard operating procedures so that an agent handling one specific scenario sees only what that scenario needs. You judge whether the trimming kept the right parts.`,
    user: `The workflow below was trimmed from a full procedure to fit one scenario. Rate it on two scales from 1 to 5.

relevance — how much of what remains concerns the scenario (count the nodes and branches the scenario could actually reach or need):
1 = almost nothing concerns the scenario; 2 = less than half; 3 = about half; 4 = most of it, with a few nodes or branches beside the point; 5 = everything in it.

completeness — would an agent following only this workflow handle the scenario from greeting to resolution?
1 = most of what the scenario needs was cut; 2 = several needed nodes or branches were cut and the agent would get stuck; 3 = some needed steps are missing but the agent could improvise through; 4 = a minor step or branch is missing; 5 = nothing the scenario needs is missing.

The two scales are independent: a workflow can keep everything needed (completeness 5) and still carry much that is irrelevant (relevance 2).

Scenario:
{{scenario?}}

Trimmed workflow:
{{graph}}

Answer with a JSON object with "relevance" and "completeness", each an object with "rationale" and "score" (an integer from 1 to 5).
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: { mode: 'json_schema', name: 'workflow_trim', schema: closedObject({ relevance: score, completeness: score }), strict: true },
  mapping: ['relevance', 'completeness'].map((id) => ({ question: id, field: `${id}.score`, rationaleField: `${id}.rationale` })),
};
