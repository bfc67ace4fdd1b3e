import { parseLabelSchema } from '../schemaJson';

/** Per-step diagnostic tags of a plan: what is wrong with each step, or that it needs no change. */
export const planStepTags = parseLabelSchema({
  id: 'plan-step-tags',
  version: 1,
  title: 'Plan step tags',
  description:
    'Tag every step of the plan with what is wrong with it — as many tags as apply — or with “no change” when the step is right as it is.',
  kinds: ['plan'],
  questions: [
    {
      id: 'step_tags',
      type: 'multilabel',
      scope: 'step',
      title: 'What is wrong with this step?',
      description: 'Pick every tag that applies to the selected step; pick “No change” when it needs none.',
      tags: [
        { value: 'incorrect_tool', label: 'Incorrect tool', key: 't', description: 'The step calls the wrong tool for what it asks, e.g. counting with RAG, or reading call transcripts with T2S.' },
        { value: 'incorrect_prompt', label: 'Incorrect prompt', key: 'p', description: 'The prompt asks for the wrong thing, drops a constraint of the query, or refers to the wrong earlier step.' },
        { value: 'complex_prompt', label: 'Complex prompt', key: 'c', description: 'The prompt packs several questions or operations into one and should be split into steps.' },
        { value: 'repeated_detail', label: 'Repeated detail', key: 'r', description: 'The prompt repeats filters or details an earlier step already applied, or duplicates another step.' },
        { value: 'multi_tool_prompt', label: 'Multi-tool prompt', key: 'm', description: 'Answering the prompt needs more than one tool (e.g. counting and reading transcripts at once).' },
        { value: 'no_change', label: 'No change', key: 'n', description: 'The step is right as it is.' },
      ],
    },
  ],
});
