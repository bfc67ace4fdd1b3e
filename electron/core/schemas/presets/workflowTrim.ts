import { parseLabelSchema } from '../schemaJson';

/** A five-point scale whose levels are the numbers 1–5. */
const fivePoints = (descriptions: [string, string, string, string, string], labels: [string, string, string, string, string]) =>
  descriptions.map((description, i) => ({ value: String(i + 1), label: `${i + 1} — ${labels[i]}`, description }));

/** Workflow trimming: how relevant and how complete a workflow trimmed for a scenario is, 1–5 each. */
export const workflowTrim = parseLabelSchema({
  id: 'workflow-trim',
  version: 1,
  title: 'Workflow trim',
  description:
    'A workflow was trimmed from a full procedure to fit one scenario. Rate how relevant what remains is, and how complete it is, each from 1 to 5.',
  kinds: ['graph'],
  questions: [
    {
      id: 'relevance',
      type: 'ordinal',
      title: 'How relevant is the trimmed workflow to the scenario?',
      description: 'Count the nodes and branches that the scenario could actually reach or need.',
      levels: fivePoints(
        [
          'Almost nothing in it concerns the scenario.',
          'Less than half of it concerns the scenario.',
          'About half of it concerns the scenario.',
          'Most of it concerns the scenario; a few nodes or branches are beside the point.',
          'Everything in it concerns the scenario.',
        ],
        ['Not relevant', 'Slightly relevant', 'Partly relevant', 'Mostly relevant', 'Fully relevant'],
      ),
    },
    {
      id: 'completeness',
      type: 'ordinal',
      title: 'How complete is the trimmed workflow for the scenario?',
      description: 'Would an agent following only this workflow handle the scenario from greeting to resolution?',
      levels: fivePoints(
        [
          'Most of what the scenario needs was cut.',
          'Several needed nodes or branches were cut; the agent would get stuck.',
          'Some needed steps are missing; the agent could improvise through.',
          'A minor step or branch is missing.',
          'Nothing the scenario needs is missing.',
        ],
        ['Very incomplete', 'Incomplete', 'Partly complete', 'Nearly complete', 'Complete'],
      ),
    },
  ],
});
