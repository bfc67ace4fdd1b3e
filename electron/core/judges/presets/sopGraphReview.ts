import type { JudgeDefinition } from '../model';
import { ANSWER_ONLY_JSON, closedObject, PRESET_SAMPLING, reasonedAnswer } from './shared';

const verdict = reasonedAnswer('verdict', { type: 'string', enum: ['pass', 'fail'] }, 'Your reasoning; for a fail, name the node or branch and what is wrong.');

/** SOP graph review: logical structure, coherence and complexity, pass or fail each. */
export const sopGraphReviewJudge: JudgeDefinition = {
  format: 'accord.judge',
  id: 'sop-graph-review',
  title: 'SOP graph review',
  description: 'Gives a procedure graph three pass/fail checks — logical structure, coherence, complexity — each with a rationale.',
  schemaId: 'sop-graph-review',
  kinds: ['graph'],
  per: 'item',
  template: {
    system: `You are a senior contact-centre operations expert who reviews standard operating procedures (SOPs) written as graphs. Each node is a task the agent performs, with steps and tools (API calls with inputs and returned fields); transitions leave a node under conditions on what earlier tools returned. You are rigorous: a procedure passes a check only if a real agent could follow it for every customer the procedure is meant for.`,
    user: `Review the procedure below and give it three independent pass/fail checks.

1. logical_structure — Follow the flow from the start. Pass when tasks come in an order where the agent has what each needs, every branch leads somewhere, the conditions leaving a node cover every case and do not overlap, and every path reaches an end. Fail when a task comes too early or too late, a branch dead-ends or loops with no way out, or a node's conditions overlap or leave a case uncovered.

2. coherence — Pass when names, descriptions, steps, tools and conditions tell one consistent story: each node does what its name and description say, tools are used for their purpose, and every condition tests a value that an earlier tool actually returns. Fail when a node contradicts another or its own description, a tool is used for the wrong purpose, or a condition tests something nothing provides.

3. complexity — Pass when the graph has the nodes and branches real customers need and no more. Fail when it is too thin to handle the cases customers bring (a shortcut that skips real situations) or bloated with redundant, duplicated or needlessly split nodes.

Judge each check on its own; a problem counts against the check it belongs to, not against all three.

{{graph}}

Answer with a JSON object with "logical_structure", "coherence" and "complexity", each an object with "rationale" (for a fail: which node or branch, and what is wrong) and "verdict" ("pass" or "fail").
${ANSWER_ONLY_JSON}`,
  },
  sampling: PRESET_SAMPLING,
  output: {
    mode: 'json_schema',
    name: 'sop_graph_review',
    schema: closedObject({ logical_structure: verdict, coherence: verdict, complexity: verdict }),
    strict: true,
  },
  mapping: ['logical_structure', 'coherence', 'complexity'].map((id) => ({ question: id, field: `${id}.verdict`, rationaleField: `${id}.rationale` })),
};
