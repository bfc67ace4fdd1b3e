import { parseLabelSchema } from '../schemaJson';

const CORRECT_INCORRECT = (correct: string, incorrect: string) => [
  { value: 'correct', label: 'Correct', description: correct },
  { value: 'incorrect', label: 'Incorrect', description: incorrect },
];

/**
 * Agent-S SOP execution review (Kulkarni 2025): per step of an execution memory, was the agent
 * in the right SOP state, and did it choose the right action there. The report (`accord
 * sop-review report`) gives state accuracy, and action accuracy over the steps whose state was
 * correct. Every step needs a state mark except those after a failed step the agent continued
 * past: they are incorrect by rule, whatever is marked (`unitsDecidedByRule`). The action mark
 * is not required: it counts only where the state was correct, and a step in a wrong state
 * has no right action to judge.
 */
export const agentSStepReview = parseLabelSchema({
  id: 'agent-s-step-review',
  version: 1,
  title: 'Agent-S step review',
  description:
    'Read the SOP on the left and the execution memory beside it. For each step, judge against the SOP whether the agent was in the right state and, where it was, whether it chose the right action. Steps marked "incorrect by rule" need no marks.',
  kinds: ['conversation'],
  questions: [
    {
      id: 'state',
      type: 'binary',
      scope: 'turn',
      required: true,
      title: 'Was the agent in the right SOP state?',
      description: 'Given everything before this step (the observations so far), is the SOP step the agent decided it was at the one the SOP leads to?',
      options: CORRECT_INCORRECT(
        'The SOP, followed from the start with these observations, is at this state.',
        'The SOP is elsewhere: a branch taken wrongly, a step skipped or repeated needlessly, or a state the SOP does not have.',
      ),
    },
    {
      id: 'action',
      type: 'binary',
      scope: 'turn',
      required: false,
      title: 'Did the agent choose the right action?',
      description: 'At this state, is the chosen action (its type, its target and what it asks or sends) the one the SOP prescribes? Judged only where the state is right.',
      options: CORRECT_INCORRECT(
        'The action is the one the SOP prescribes at this state, with the right content.',
        'Another action was due: a wrong API, a question the SOP does not ask, a message that should not be sent yet.',
      ),
    },
  ],
});
