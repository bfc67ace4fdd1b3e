import { parseLabelSchema } from '../schemaJson';

const YES_NO = (yes: string, no: string) => [
  { value: 'yes', label: 'Yes', description: yes },
  { value: 'no', label: 'No', description: no },
];

/** Conversation quality: yes/no on the agent's conversational proficiency and on whether the user's goal was attained. */
export const conversationQuality = parseLabelSchema({
  id: 'conversation-quality',
  version: 1,
  title: 'Conversation quality',
  description: 'Read the whole conversation, tool calls included, and answer two yes/no questions. Explain every “no” in the rationale.',
  kinds: ['conversation'],
  questions: [
    {
      id: 'conversational_proficiency',
      type: 'binary',
      title: 'Does the agent converse proficiently?',
      description:
        'Clear, polite and natural replies that fit what the user just said; asks for missing information instead of guessing it; no needless repetition, no contradictions, no talking about its tools.',
      options: YES_NO(
        'A capable human agent could have written these replies.',
        'Some reply is unclear, unnatural, repetitive, contradicts an earlier one, or guesses what it should have asked.',
      ),
    },
    {
      id: 'goal_attainment',
      type: 'binary',
      title: 'Is the user’s goal attained?',
      description: 'By the end the user has what they came for, or was correctly told why it cannot be done and what to do instead.',
      options: YES_NO(
        'The goal was met, or correctly and clearly declined.',
        'The user leaves without what they came for, with a wrong answer, or with an action done that they did not ask for.',
      ),
    },
  ],
});
