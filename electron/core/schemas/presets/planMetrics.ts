import { parseLabelSchema } from '../schemaJson';

/** The three scores of every plan metric: fully, partly, not at all. */
const scores = (yes: string, partly: string, no: string) => [
  { value: 0, label: 'No', description: no },
  { value: 0.5, label: 'Partly', description: partly },
  { value: 1, label: 'Yes', description: yes },
];

/** The seven plan metrics, each scored 0 / 0.5 / 1; tool-usage completeness also allows N/A. */
export const planMetrics = parseLabelSchema({
  id: 'plan-metrics',
  version: 1,
  title: 'Plan metrics',
  description: 'Score the plan on seven metrics: 1 when it fully meets the metric, 0.5 when partly, 0 when not.',
  kinds: ['plan'],
  questions: [
    {
      id: 'tool_prompt_alignment',
      type: 'score',
      title: 'Do the prompts suit the tools they are sent to?',
      description: 'T2S prompts ask for data a query can fetch, RAG prompts ask about call content, LLM prompts combine or phrase results.',
      values: scores('Every prompt suits its tool.', 'One or two prompts do not suit their tool.', 'Most prompts, or the one that matters, do not suit their tool.'),
    },
    {
      id: 'format',
      type: 'score',
      title: 'Is the plan well formed?',
      description: 'Valid structure, one call per step, placeholders such as (1) and (query) used as the format requires.',
      values: scores('Well formed throughout.', 'Small slips a tolerant reader still understands (quotes, commas, a stray placeholder).', 'Not a readable plan, or calls written so that they cannot be parsed.'),
    },
    {
      id: 'step_executability',
      type: 'score',
      title: 'Could every step run as written?',
      description: 'Each step has what it needs: its inputs exist when it runs, and its prompt is specific enough for the tool to act on.',
      values: scores('Every step could run.', 'Some step is vague or misses an input but could run with a guess.', 'Some step could not run at all.'),
    },
    {
      id: 'query_adherence',
      type: 'score',
      title: 'Does the plan answer the query as asked?',
      description: 'All parts of the query, with its filters (time range, call type, product), and nothing the user did not ask for.',
      values: scores('Answers exactly what was asked.', 'Misses or bends a part or a filter of the query.', 'Answers a different question.'),
    },
    {
      id: 'dependencies',
      type: 'score',
      title: 'Are the dependencies right?',
      description: 'depends_on lists exactly the earlier steps whose outputs a step uses, and the placeholders in its prompt match them.',
      values: scores('Every dependency is right.', 'A dependency is missing or superfluous, without breaking the answer.', 'Dependencies are wrong enough to break the answer (a step uses an output it never receives).'),
    },
    {
      id: 'redundancy',
      type: 'score',
      title: 'Is the plan free of redundant steps?',
      description: 'No step repeats another, fetches data nobody uses, or could be merged into its neighbour without loss.',
      values: scores('No redundant step.', 'One redundant step.', 'Several redundant steps.'),
    },
    {
      id: 'tool_usage_completeness',
      type: 'score',
      title: 'Does the plan use every tool the query needs?',
      description: 'E.g. a “why” question about calls needs RAG, a count needs T2S. N/A when the query needs no tool at all.',
      allowNA: true,
      values: scores('Every needed tool is used.', 'A needed tool is used for only part of what it should cover.', 'A needed tool is not used.'),
    },
  ],
});
