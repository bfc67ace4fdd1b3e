import type { Preset } from './model';
import { conversationsOf, isObject } from './recognise';

/** WorFBench graph files (`gold_traj/<source>/graph_eval.json`). */
export const worfBench: Preset = {
  name: 'worfbench',
  kind: 'graph',
  description:
    'WorFBench workflow graphs (a JSON array of {id, source, conversations, target}): one graph per record from the ' +
    "assistant's Node: 1: … / Edges: (START,1) (1,2) … (n,END) text, START and END as start and end nodes, the user " +
    "turn (task and action list) kept as the graph's description. Reading the Node/Edges text is a step of the " +
    'mapping language (workflowText); structure checks only, no tools or conditions.',
  framings: ['json-array', 'jsonl'],
  recognise: (sample) => (conversationsOf(sample) ?? []).some((turn) => {
    const text = isObject(turn) ? String(turn.content ?? turn.value ?? '') : '';
    return /\bNode:/.test(text) && /\(\s*START\s*,/.test(text);
  }),
  mapping: {
    format: 'accord.mapping',
    name: 'worfbench',
    description: 'WorFBench graph_eval records: the assistant turn is the workflow, the user turn the task',
    kind: 'graph',
    id: { first: ['id', { template: 'workflow-{#}' }] },
    workflowText: { first: ['conversations[role=assistant].content', 'conversations[from=gpt].value'] },
    task: { first: ['conversations[role=user].content', 'conversations[from=human].value'] },
    metadata: { source: 'source', category: 'category' },
  },
};
