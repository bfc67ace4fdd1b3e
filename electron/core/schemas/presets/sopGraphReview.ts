import { parseLabelSchema } from '../schemaJson';

const PASS_FAIL = (pass: string, fail: string) => [
  { value: 'pass', label: 'Pass', description: pass },
  { value: 'fail', label: 'Fail', description: fail },
];

/** SOP graph review: three pass/fail checks of a whole procedure graph, each with a rationale. */
export const sopGraphReview = parseLabelSchema({
  id: 'sop-graph-review',
  version: 1,
  title: 'SOP graph review',
  description:
    'A contact-centre expert reads the whole procedure graph and gives it three pass/fail checks. Explain every fail in the rationale: which node or branch, and what is wrong with it.',
  kinds: ['graph'],
  questions: [
    {
      id: 'logical_structure',
      type: 'binary',
      title: 'Is the procedure logically structured?',
      description:
        'Follow the flow from the start: each task should come when the agent has what it needs, every branch should lead somewhere, and the conditions leaving a node should neither overlap nor leave a case uncovered.',
      options: PASS_FAIL(
        'The order of tasks makes sense, branches are complete and mutually exclusive, and every path reaches an end.',
        'A task comes too early or too late, a branch dead-ends or loops with no way out, or the conditions of a node overlap or miss a case.',
      ),
    },
    {
      id: 'coherence',
      type: 'binary',
      title: 'Is the procedure coherent?',
      description:
        'Names, descriptions, steps, tools and conditions should tell one consistent story: a node does what it says, and a condition only tests what an earlier tool returned.',
      options: PASS_FAIL(
        'Every node matches its name and description, tools are used where they are needed, and conditions test values that earlier tools provide.',
        'A node contradicts another or its own description, a tool is used for the wrong purpose, or a condition tests something nothing provides.',
      ),
    },
    {
      id: 'complexity',
      type: 'binary',
      title: 'Is the complexity right for the task?',
      description:
        'A real procedure has the branches real customers need, and no more: judge whether the graph is as simple as possible but no simpler.',
      options: PASS_FAIL(
        'The graph has the nodes and branches the task needs: no shortcut that skips real cases, no padding.',
        'The graph is too thin to handle the cases customers bring, or bloated with redundant, duplicated or needlessly split nodes.',
      ),
    },
  ],
});
