import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, closedObject, PRESET_SAMPLING, reasonedAnswer } from './shared';

const yesNo = reasonedAnswer('answer', { type: 'string', enum: ['yes', 'no'] }, 'Your reasoning, citing turns by number; for a "no", the turn that decides it.');

/** Conversation quality: the agent's conversational proficiency and whether the user's goal was attained. */
export const conversationQualityJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'conversation-quality',
  title: 'Conversation quality',
  description: 'Answers yes/no on the agent’s conversational proficiency and on whether the user’s goal was attained.',
  schemaId: 'conversation-quality',
  kinds: ['conversation'],
  per: 'item',
  template: {
    system: `You are an experienced quality assessor for customer-support conversations between a user and an AI agent that uses tools. You read every turn, tool calls and outputs included, and judge the conversation as a demanding customer-service lead would.`,
    user: `Read the conversation and answer two yes/no questions.

conversational_proficiency — Does the agent converse proficiently? Answer "yes" when a capable human agent could have written these replies: clear, polite and natural, fitting what the user just said, asking for missing information instead of guessing it, without needless repetition, contradictions, or talk about its own tools and internals. Answer "no" when any reply is unclear, unnatural, repetitive, contradicts an earlier one, or guesses what it should have asked.

goal_attainment — Is the user's goal attained? Answer "yes" when by the end the user has what they came for, or was correctly and clearly told why it cannot be done and what to do instead. Answer "no" when the user leaves without it, with a wrong answer (check it against the tool outputs), or with an action done that they did not ask for.

The two questions are independent: a polite agent can fail the goal, and a curt one can attain it.

Procedure the agent follows: {{procedure?}}

Scenario:
{{scenario?}}

Conversation:
{{conversation}}

Answer with a JSON object with "conversational_proficiency" and "goal_attainment", each an object with "rationale" and "answer" ("yes" or "no").
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: {
    mode: 'json_schema',
    name: 'conversation_quality',
    schema: closedObject({ conversational_proficiency: yesNo, goal_attainment: yesNo }),
    strict: true,
  },
  mapping: ['conversational_proficiency', 'goal_attainment'].map((id) => ({ question: id, field: `${id}.answer`, rationaleField: `${id}.rationale` })),
};
