import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, closedObject, PRESET_SAMPLING, stringProperty } from './shared';

const VERDICT = { type: 'string', enum: ['correct', 'incorrect'] };

/** Agent-S step review: per step of an execution memory, right SOP state? right action? In one call per session. */
export const agentSStepReviewJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'agent-s-step-review',
  title: 'Agent-S step review',
  description: 'Judges every step of an Agent-S execution memory against its SOP: was the agent in the right state, and did it choose the right action there.',
  schemaId: 'agent-s-step-review',
  kinds: ['conversation'],
  per: 'item',
  template: {
    system: `You review how an LLM agent executed a customer-support Standard Operating Procedure (SOP). The SOP is written as indented text: numbered steps, with the branches of a step indented under it. At every step the agent chose the SOP state it believed it was in, then an action (ask the user, call an API, consult an external knowledge source, or message the user), and received an observation. You judge each step against the SOP and the observations before it.`,
    user: `SOP:
{{sop}}

Execution memory (one entry per step, in order):
{{execution_memory}}

For every step, decide:
- "state": "correct" when, following the SOP from the start with the observations so far, the SOP is at the state the agent chose; "incorrect" when the agent is on a wrong branch, skipped or repeated a step needlessly, or names a state the SOP does not have.
- "action": "correct" when the chosen action is what the SOP prescribes at that state (type, target and content); "incorrect" otherwise. Judge the action even when the API then failed: a right call that fails is still the right action.
After a failed step, repeating the action or consulting external knowledge are the expected recoveries. Steps marked "incorrect by rule" are decided already; answer "incorrect" for both.

Answer with a JSON object with a "steps" list holding one entry per step, in order: "turn" (the number after "turn", e.g. "2"), "rationale" (one or two sentences), "state" and "action".
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: {
    mode: 'json_schema',
    name: 'agent_s_step_review',
    schema: closedObject({
      steps: {
        type: 'array',
        items: closedObject({
          turn: stringProperty('The step\'s turn number, as shown after "turn".'),
          rationale: stringProperty('Why, citing the SOP line and the observation.'),
          state: VERDICT,
          action: VERDICT,
        }),
      },
    }),
    strict: true,
  },
  mapping: [
    { question: 'state', field: 'state', rationaleField: 'rationale', units: { list: 'steps', idField: 'turn' } },
    { question: 'action', field: 'action', rationaleField: 'rationale', units: { list: 'steps', idField: 'turn' } },
  ],
};
