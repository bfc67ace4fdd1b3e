import { parseLabelSchema } from '../schemaJson';

/** Conversation validity: could this conversation have happened as recorded — valid or invalid. */
export const conversationValidity = parseLabelSchema({
  id: 'conversation-validity',
  version: 1,
  title: 'Conversation validity',
  description: 'Decide whether the conversation is a valid example of the procedure. For an invalid one, say in the rationale which turn breaks it.',
  kinds: ['conversation'],
  questions: [
    {
      id: 'validity',
      type: 'binary',
      title: 'Is this conversation valid?',
      description:
        'Valid means it could have happened: the agent follows the procedure, calls tools only with information the user actually gave or a tool returned, and reports tool outputs truthfully.',
      options: [
        { value: 'valid', label: 'Valid', description: 'The conversation could have happened as recorded, end to end.' },
        {
          value: 'invalid',
          label: 'Invalid',
          description: 'Some turn breaks it: a tool called with invented arguments, an output misreported, a step of the procedure skipped or made up.',
        },
      ],
    },
  ],
});
