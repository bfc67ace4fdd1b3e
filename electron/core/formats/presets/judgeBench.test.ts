import { describe, expect, it } from 'vitest';
import type { Conversation, MessageTurn } from '../conversations/model';
import { labelSchemaJson } from '../../schemas/schemaJson';
import { FormatError, type ParsedItem } from '../types';
import { judgeBenchReader, METRIC_NOT_IMPORTED, NO_TASK } from './judgeBench';

/** The items a JUDGE-BENCH document gives. */
const read = (record: Record<string, unknown>): ParsedItem[] => judgeBenchReader().add(record, 1, 1);

const questionsOf = (item: ParsedItem) => (item.annotations!.schema as { questions: { id: string; type: string; values?: { value: number }[] }[] }).questions;
const labelsOf = (items: ParsedItem[]) => items.flatMap((item) => item.annotations!.labels.map((l) => `${item.externalId} ${l.question} ${l.rater} ${l.value}`));
/** Each turn as `role[name]: text`, the name being the field it came from (the agent of an output, the `name` of a request). */
const turnsOf = (item: ParsedItem) =>
  (item.payload as Conversation).turns.map((t) => {
    const name = t.agent ?? (t.extra?.name as string | undefined);
    return `${t.role}${name ? `[${name}]` : ''}: ${(t as MessageTurn).text}`;
  });
const contextOf = (item: ParsedItem) => (item.payload as Conversation).scenario?.extra ?? null;

const graded = { metric: 'Coherency and Logic', category: 'graded', prompt: '{{ instance }} 1-5', worst: 1, best: 5 };
const continuous = { metric: 'overall', category: 'continuous', prompt: '{{ instance }} 0-100', worst: 0, best: 100 };

describe('JUDGE-BENCH metrics', () => {
  it('makes a continuous metric a score question over its bounds and the scores given, and imports its scores as labels', () => {
    const items = read({
      dataset: 'Mixed',
      annotations: [graded, continuous],
      instances: [
        { id: 1, instance: 'Refund issued.', annotations: { 'Coherency and Logic': { individual_human_scores: [4, null, 4] }, overall: { mean_human: 71.5, individual_human_scores: [66.5, 80, '68.0'] } } },
        { id: 2, instance: 'Read FAQ.', annotations: { 'Coherency and Logic': { individual_human_scores: [2, 3] }, overall: { individual_human_scores: [10.5, 14] } } },
      ],
    });
    const questions = questionsOf(items[0]!);
    expect(questions.map((q) => [q.id, q.type])).toEqual([
      ['coherency_and_logic', 'ordinal'],
      ['overall', 'score'],
    ]);
    // The declared bounds 0 and 100 and the five scores given ("68.0" is 68), lowest first.
    expect(questions[1]!.values!.map((v) => v.value)).toEqual([0, 10.5, 14, 66.5, 68, 80, 100]);
    // The schema is one a task accepts as it is.
    expect(labelSchemaJson.safeParse(items[0]!.annotations!.schema).success).toBe(true);
    expect(labelsOf(items).filter((l) => l.includes(' overall '))).toEqual(['1 overall rater 1 66.5', '1 overall rater 2 80', '1 overall rater 3 68', '2 overall rater 1 10.5', '2 overall rater 2 14']);
    expect(items[0]!.metadata.overall_mean_human).toBe(71.5);
    expect(items.flatMap((i) => i.findings)).toEqual([]);
  });

  it('skips a continuous score that is not a number, imports the rest, and counts the skipped ones in a warning naming the first', () => {
    const items = read({
      annotations: [graded, continuous],
      instances: [
        { id: 1, instance: 'x', annotations: { 'Coherency and Logic': { individual_human_scores: [3] }, overall: { mean_human: 50, individual_human_scores: [50, 'n/a'] } } },
        { id: 2, instance: 'y', annotations: { overall: { individual_human_scores: ['', 70, { score: 1 }] } } },
      ],
    });
    // 50 and 70 are numbers; "n/a", "" and {score: 1} are not: three skipped, the first at instances[0]…[1].
    expect(labelsOf(items)).toEqual(['1 coherency_and_logic rater 1 3', '1 overall rater 1 50', '2 overall rater 2 70']);
    expect(questionsOf(items[0]!)[1]!.values!.map((v) => v.value)).toEqual([0, 50, 70, 100]);
    expect(items[0]!.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [METRIC_NOT_IMPORTED, 'warning', 'metric "overall" (continuous): 3 individual scores are not a number and were not imported (e.g. instances[0].annotations.overall.individual_human_scores[1]: "n/a"); its other scores were'],
    ]);
    expect(items[0]!.metadata.overall_mean_human).toBe(50);
    expect(items[1]!.findings).toEqual([]);
  });

  it('says a continuous question has no labels because none of its scores is a number, not that it has none', () => {
    const items = read({
      annotations: [graded, continuous],
      instances: [{ id: 1, instance: 'x', annotations: { 'Coherency and Logic': { individual_human_scores: [3] }, overall: { mean_human: 40, individual_human_scores: ['high'] } } }],
    });
    expect(items[0]!.findings.map((f) => f.message)).toEqual([
      'metric "overall" (continuous): 1 individual score is not a number and was not imported (e.g. instances[0].annotations.overall.individual_human_scores[0]: "high"); its other scores were',
      'metric "overall" has no individual score that is a number: its question has no labels; the aggregate scores are kept as item metadata (overall_mean_human)',
    ]);
  });

  it('still refuses a graded or categorical score off the declared scale (unchanged), naming where it is', () => {
    const off = { annotations: [graded], instances: [{ id: 1, instance: 'x', annotations: { 'Coherency and Logic': { individual_human_scores: [3, 7] } } }] };
    expect(() => read(off)).toThrow(FormatError);
    expect(() => read(off)).toThrow('instances[0].annotations.Coherency and Logic.individual_human_scores[1]: 7 is not on the declared scale (1, 2, 3, 4, 5)');
    const category = { annotations: [{ metric: 'polite', category: 'categorical', labels_list: ['Yes', 'No'] }], instances: [{ id: 1, instance: 'x', annotations: { polite: { individual_human_scores: ['Maybe'] } } }] };
    expect(() => read(category)).toThrow('instances[0].annotations.polite.individual_human_scores[0]: "Maybe" is not on the declared scale (Yes, No)');
  });

  it('keeps the aggregate scores of every declared metric as item metadata, also of those that are not questions, and says where', () => {
    // overall: 0, 100 and 102 scores 0.5 … 101.5 minus the two over 100 → 0, 100 and 0.5 … 99.5: 102 values, no question.
    const overall = Array.from({ length: 50 }, (_, i) => ({ id: `o${i}`, instance: 'x', annotations: { overall: { mean_human: i, individual_human_scores: [i + 0.5, 50 + i + 0.5] } } }));
    const items = read({
      annotations: [graded, { metric: 'rank', category: 'ranking' }, { metric: 'flag', category: 'categorical', labels_list: ['yes'] }, continuous],
      instances: [
        {
          id: 'a',
          instance: 'Refund issued.',
          annotations: {
            'Coherency and Logic': { mean_human: 4.5, individual_human_scores: [4, 5] },
            rank: { mean_human: 1.5, individual_human_scores: [1, 2] },
            flag: { majority_human: 'yes', individual_human_scores: ['yes'] },
          },
        },
        ...overall,
      ],
    });
    expect(questionsOf(items[0]!).map((q) => q.id)).toEqual(['coherency_and_logic']);
    expect(items[0]!.metadata).toMatchObject({ coherency_and_logic_mean_human: 4.5, rank_mean_human: 1.5, flag_majority_human: 'yes' });
    expect(items.slice(1).map((i) => i.metadata.overall_mean_human)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(items[0]!.findings.map((f) => f.message)).toEqual([
      'metric "rank" has category "ranking", not one of graded, categorical, continuous: its scores were not imported; the aggregate scores are kept as item metadata (rank_mean_human)',
      'metric "flag" (categorical) has only the category yes (labels_list or scores): a question needs two; its scores were not imported; the aggregate scores are kept as item metadata (flag_majority_human)',
      'metric "overall" (continuous) has 102 distinct values (worst, best and the scores given): a score question holds at most 101; its scores were not imported; the aggregate scores are kept as item metadata (overall_mean_human)',
    ]);
  });

  it('names, on the first item, every metric it could not make a question of and every undeclared metric scored', () => {
    const items = read({
      annotations: [
        graded,
        { metric: 'rank', category: 'ranking', prompt: '' },
        { metric: 'flag', category: 'categorical', labels_list: ['yes'], prompt: '' },
        { metric: 'speed', category: 'continuous', prompt: '' },
      ],
      instances: [
        { id: 'a', instance: 'x', annotations: { 'Coherency and Logic': { individual_human_scores: [3, 4] }, rank: { individual_human_scores: [1, 2] }, extra: { individual_human_scores: [1] } } },
        { id: 'b', instance: 'y', annotations: { 'Coherency and Logic': { individual_human_scores: [5] } } },
      ],
    });
    expect(questionsOf(items[0]!).map((q) => q.id)).toEqual(['coherency_and_logic']);
    expect(labelsOf(items)).toEqual(['a coherency_and_logic rater 1 3', 'a coherency_and_logic rater 2 4', 'b coherency_and_logic rater 1 5']);
    expect(items[0]!.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [METRIC_NOT_IMPORTED, 'warning', 'metric "rank" has category "ranking", not one of graded, categorical, continuous: its scores were not imported'],
      [METRIC_NOT_IMPORTED, 'warning', 'metric "flag" (categorical) has only the category yes (labels_list or scores): a question needs two; its scores were not imported'],
      [METRIC_NOT_IMPORTED, 'warning', 'metric "speed" (continuous) has no numeric score and no worst/best: a score question needs two values; its scores were not imported'],
      [METRIC_NOT_IMPORTED, 'warning', 'metric "extra" is scored in the instances but not declared in the file\'s annotations: its scores were not imported'],
    ]);
    expect(items[1]!.findings).toEqual([]);
  });

  it('makes no question of a continuous metric with more than 101 distinct values, and says so', () => {
    // 0, 100 and the 100 scores 0.5, 1.5, …, 99.5: 102 values.
    const instances = Array.from({ length: 50 }, (_, i) => ({ id: i, instance: 'x', annotations: { overall: { individual_human_scores: [i + 0.5, 50 + i + 0.5] } } }));
    const items = read({ annotations: [continuous], instances });
    expect(questionsOf(items[0]!)).toEqual([]);
    expect(items[0]!.findings.map((f) => f.message)).toEqual([
      'metric "overall" (continuous) has 102 distinct values (worst, best and the scores given): a score question holds at most 101; its scores were not imported',
      'no task was created: no declared metric could become a question',
    ]);
    // 0, 100 and 99 whole scores 1…99: 101 values, a question.
    const whole = Array.from({ length: 99 }, (_, i) => ({ id: i, instance: 'x', annotations: { overall: { individual_human_scores: [i + 1] } } }));
    expect(questionsOf(read({ annotations: [continuous], instances: whole })[0]!)[0]!.values).toHaveLength(101);
  });

  it('says which question has no labels when the others have some (ToxicChat-like jailbreaking beside a scored metric)', () => {
    const items = read({
      annotations: [graded, { metric: 'jailbreaking', category: 'categorical', labels_list: ['0', '1'], prompt: '' }],
      instances: [{ id: 'c1', instance: 'x', annotations: { 'Coherency and Logic': { individual_human_scores: [3] }, jailbreaking: { majority_human: '0', individual_human_scores: [] } } }],
    });
    expect(questionsOf(items[0]!).map((q) => q.id)).toEqual(['coherency_and_logic', 'jailbreaking']);
    expect(items[0]!.findings.map((f) => [f.validator, f.message])).toEqual([
      [METRIC_NOT_IMPORTED, 'metric "jailbreaking" has no individual_human_scores in any instance: its question has no labels; the aggregate scores are kept as item metadata (jailbreaking_majority_human)'],
    ]);
  });

  it('says on the first item that no task was made, and why, when no instance carries individual scores', () => {
    const items = read({
      annotations: [{ metric: 'toxicity', category: 'categorical', labels_list: ['0', '1'], prompt: '' }],
      instances: [
        { id: 'c1', instance: 'where is my refund', annotations: { toxicity: { majority_human: '0', individual_human_scores: [] } } },
        { id: 'c2', instance: 'you useless bot', annotations: { toxicity: { majority_human: '1', individual_human_scores: [] } } },
      ],
    });
    expect(labelsOf(items)).toEqual([]);
    expect(items.map((i) => i.metadata.toxicity_majority_human)).toEqual(['0', '1']);
    expect(items[0]!.findings.map((f) => [f.validator, f.message])).toEqual([
      [NO_TASK, 'no task was created: no instance carries individual_human_scores for "toxicity"; the aggregate scores are kept as item metadata (toxicity_majority_human)'],
    ]);
    expect(items[1]!.findings).toEqual([]);
  });
});

describe('JUDGE-BENCH instances as conversations', () => {
  const one = (instance: unknown, extra: Record<string, unknown> = {}) => read({ annotations: [graded], instances: [{ id: 'i', instance, annotations: {}, ...extra }] })[0]!;

  it('shows a text instance as one assistant turn, with no context', () => {
    const item = one('Refund issued.');
    expect(turnsOf(item)).toEqual(['assistant: Refund issued.']);
    expect(contextOf(item)).toBeNull();
  });

  it('shows a summary as the output and its source and reference as context, never as a reply', () => {
    const item = one({ source: 'Full chat log: refund issued.', summary: 'Agent refused refund.', reference: 'Agent issued a refund.' });
    expect(turnsOf(item)).toEqual(['assistant[summary]: Agent refused refund.']);
    expect(contextOf(item)).toEqual({ source: 'Full chat log: refund issued.', reference: 'Agent issued a refund.' });
  });

  it('shows the request as the user turn and the response as the reply (DICES)', () => {
    const item = one({ user_prompt: 'USER: my parcel never arrived', response: 'Sorry, I opened a claim.' });
    expect(turnsOf(item)).toEqual(['user[user_prompt]: USER: my parcel never arrived', 'assistant[response]: Sorry, I opened a claim.']);
    expect(contextOf(item)).toBeNull();
  });

  it('shows pairwise outputs each as a turn named by its field, said in the context to be separate outputs (LLMBar)', () => {
    const item = one({ input: 'How do I reset my password?', output_1: "Click 'Forgot password'.", output_2: "I don't know." });
    expect(turnsOf(item)).toEqual(['user[input]: How do I reset my password?', "assistant[output_1]: Click 'Forgot password'.", "assistant[output_2]: I don't know."]);
    expect(contextOf(item)).toEqual({ outputs: 'output_1, output_2: separate outputs, each a turn named by its field, shown one after the other; not replies to each other' });
  });

  it('keeps the source, reference and languages of a translation as context (WMT), and the conversation history of a response (Topical-Chat)', () => {
    const wmt = one({ source_lang: 'English', target_lang: 'German', source: 'Hi', reference: 'Hallo', translation: 'Hallo!' });
    expect(turnsOf(wmt)).toEqual(['assistant[translation]: Hallo!']);
    expect(Object.keys(contextOf(wmt)!)).toEqual(['source_lang', 'target_lang', 'source', 'reference']);
    const topical = one({ context: 'A: hi\nB: hello', fact: 'Cats sleep 16 hours.', response: 'Did you know cats sleep a lot?' });
    expect(turnsOf(topical)).toEqual(['assistant[response]: Did you know cats sleep a lot?']);
    expect(Object.keys(contextOf(topical)!)).toEqual(['context', 'fact']);
  });

  it('puts the request first whatever the field order, and keeps fields it does not know as context when there is an output', () => {
    const item = one({ answer: '42', notes: { by: 'ana' }, question: 'What is 6 × 7?' });
    expect(turnsOf(item)).toEqual(['user[question]: What is 6 × 7?', 'assistant[answer]: 42']);
    expect(contextOf(item)).toEqual({ notes: { by: 'ana' } });
  });

  it('reads field names word by word: a reference answer is context, a system output the reply, a system prompt context', () => {
    const item = one({ systemPrompt: 'Be brief.', userQuery: 'Refund?', reference_answer: 'Yes, in 5 days.', system_output: 'Yes.' });
    expect(turnsOf(item)).toEqual(['user[userQuery]: Refund?', 'assistant[system_output]: Yes.']);
    expect(contextOf(item)).toEqual({ systemPrompt: 'Be brief.', reference_answer: 'Yes, in 5 days.' });
  });

  it('shows fields it does not know as the judged text when no field is named like an output', () => {
    const item = one({ sentence: 'The cat sat.', title: 'Cats' });
    expect(turnsOf(item)).toEqual(['assistant[sentence]: The cat sat.']);
    expect(contextOf(item)).toEqual({ title: 'Cats' });
  });

  it('shows the material as the judged text when every field is context (a claim and its evidence), and says so', () => {
    const item = one({ claim: 'Refunds take 5 days.', evidence: 'Policy: within 5 working days.' });
    expect(turnsOf(item)).toEqual(['assistant[claim]: Refunds take 5 days.', 'assistant[evidence]: Policy: within 5 working days.']);
    // Not a conversation without turns: the only finding is the no-task warning (this instance has no scores).
    expect(item.findings.map((f) => f.validator)).toEqual([NO_TASK]);
    expect(contextOf(item)).toEqual({
      outputs: 'claim, evidence: no field is named as a request or an output, so these are shown as the judged text, each a turn named by its field; not replies to each other',
    });
    // A reference beside them stays context; a reference alone is shown rather than nothing.
    const withReference = one({ premise: 'A cat sleeps.', reference: 'entailment', source_lang: 'English' });
    expect(turnsOf(withReference)).toEqual(['assistant[premise]: A cat sleeps.']);
    expect(contextOf(withReference)).toEqual({ reference: 'entailment', source_lang: 'English', outputs: 'premise: no field is named as a request or an output, so this is shown as the judged text' });
    expect(turnsOf(one({ gold: 'Paris' }))).toEqual(['assistant[gold]: Paris']);
  });

  it('matches whole words only: a corrected sentence is the output, not a correct answer; factual is not fact', () => {
    const gec = one({ original: 'He go to school.', corrected: 'He goes to school.' });
    expect(turnsOf(gec)).toEqual(['assistant[corrected]: He goes to school.']);
    expect(contextOf(gec)).toEqual({ original: 'He go to school.' });
    // correct_answer is a reference (correct is a whole word of it); factual_* says nothing, so with an output it is context.
    const qa = one({ question: 'Capital of France?', correct_answer: 'Paris', model_answer: 'Lyon', factual_note: 'wrong city' });
    expect(turnsOf(qa)).toEqual(['user[question]: Capital of France?', 'assistant[model_answer]: Lyon']);
    expect(contextOf(qa)).toEqual({ correct_answer: 'Paris', factual_note: 'wrong city' });
    // factual_summary is a summary (the output), not a fact; article is context.
    const summary = one({ factual_summary: 'The agent refunded.', article: 'Chat log.' });
    expect(turnsOf(summary)).toEqual(['assistant[factual_summary]: The agent refunded.']);
    expect(contextOf(summary)).toEqual({ article: 'Chat log.' });
    // Words end at digits and camelCase; a word merely starting like one is not it (userId is user, users is not).
    expect(turnsOf(one({ output1: 'A', output2: 'B', queryText: 'Q?' }))).toEqual(['user[queryText]: Q?', 'assistant[output1]: A', 'assistant[output2]: B']);
    expect(turnsOf(one({ users: 'ana', summarizer: 'v2', reply: 'Done.' }))).toEqual(['assistant[reply]: Done.']);
  });

  it('keeps a field beside `instance` that shares a name with one inside it under a name of its own, unless it holds the same', () => {
    const item = one({ source: 'Chat log', summary: 'Refund refused.', toString: 'odd name' }, { source: 'Full chat log', summary: 'Refund refused.' });
    expect(turnsOf(item)).toEqual(['assistant[summary]: Refund refused.']);
    expect(contextOf(item)).toEqual({ source: 'Chat log', toString: 'odd name', 'source (beside instance)': 'Full chat log', summary: 'Refund refused.' });
  });

  it("keeps the instance's fields beside `instance` as context (SummEval writes source, reference and summary there)", () => {
    const item = one('Source Text: …\n\nSummary: Agent refused refund.', { source: 'Full chat log', reference: 'Agent issued a refund.', summary: 'Agent refused refund.' });
    expect(turnsOf(item)).toEqual(['assistant: Source Text: …\n\nSummary: Agent refused refund.']);
    expect(contextOf(item)).toEqual({ source: 'Full chat log', reference: 'Agent issued a refund.', summary: 'Agent refused refund.' });
  });
});
