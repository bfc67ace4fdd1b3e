import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, PRESET_SAMPLING, reasonedAnswer } from './shared';

/** Conversation validity: could the conversation have happened as recorded. */
export const conversationValidityJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'conversation-validity',
  title: 'Conversation validity',
  description: 'Decides whether a conversation is a valid example of its procedure: valid or invalid, with the turn that breaks it.',
  schemaId: 'conversation-validity',
  kinds: ['conversation'],
  per: 'item',
  template: {
    system: `You audit synthetic customer-support conversations used to train and test tool-using agents. A conversation is only useful if it could really have happened: every tool call must be grounded in what the user said or a tool returned, and every statement about a tool's result must match the output. You check this turn by turn.`,
    user: `Decide whether the conversation below is valid.

It is valid when it could have happened as recorded, end to end:
- every tool is called with arguments the user actually gave or an earlier tool actually returned — nothing invented or assumed;
- every tool output is reported to the user truthfully, without adding or changing facts;
- the agent follows the procedure: no required step skipped, no step made up, branches taken according to what the tools returned.

It is invalid when any turn breaks one of these. Differences from the expected tool calls are evidence, not proof: a different but grounded and procedure-conform path is still valid, and the expected calls made with invented arguments are not.

Procedure: {{procedure?}}

Scenario:
{{scenario?}}

Expected tool calls:
{{expected_trace?}}

Conversation:
{{conversation}}

Answer with a JSON object: "rationale" (for an invalid conversation, the turn number that breaks it and why) and "validity" ("valid" or "invalid").
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: {
    mode: 'json_schema',
    name: 'conversation_validity',
    schema: reasonedAnswer('validity', { type: 'string', enum: ['valid', 'invalid'] }, 'Your reasoning; for invalid, the turn that breaks it.'),
    strict: true,
  },
  mapping: [{ question: 'validity', field: 'validity', rationaleField: 'rationale' }],
};
