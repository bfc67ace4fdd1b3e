import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { judgeRater, recordJudgeLabel } from './judgeLabels';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 8 });
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
});
afterEach(() => ws.dispose());

async function label(annotator: string, externalId: string, value: string, rationale?: string, submit = true) {
  const itemId = ws.itemId(externalId);
  await ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value, rationale }, annotator);
  if (submit) await ws.api('labels.submit', { task: 'quality', itemId }, annotator);
}

/** q-001 unanimous (Good), q-002 Good vs Bad, q-003 Bad vs Acceptable. */
async function labelAll() {
  await label('ana', 'q-001', 'Good');
  await label('ben', 'q-001', 'Good');
  await label('ana', 'q-002', 'Good', 'Both parts answered.');
  await label('ben', 'q-002', 'Bad', 'Average duration step is vague.');
  await label('ana', 'q-003', 'Bad');
  await label('ben', 'q-003', 'Acceptable');
}

describe('adjudication', () => {
  it('queues the items where submitted labels disagree, lowest agreement first', async () => {
    await labelAll();
    const queue = await ws.api('adjudication.queue', { task: 'quality' });
    expect(queue).toMatchObject({ task: 'quality', policy: 'any', threshold: null, open: 2 });
    expect(queue.entries.map((e) => [e.externalId, e.agreement, e.raters, e.disagreements])).toEqual([
      ['q-002', 0, ['ana', 'ben'], [{ unit: '', question: 'overall_quality', answers: ['Good', 'Bad'], byRater: [{ rater: 'ana', answer: 'Good' }, { rater: 'ben', answer: 'Bad' }], resolved: false }]],
      ['q-003', 0, ['ana', 'ben'], [{ unit: '', question: 'overall_quality', answers: ['Bad', 'Acceptable'], byRater: [{ rater: 'ana', answer: 'Bad' }, { rater: 'ben', answer: 'Acceptable' }], resolved: false }]],
    ]);
  });

  it('puts ordinal answers far apart on the scale before neighbouring ones (dispute: mean pair gap over the range)', async () => {
    // One question, two raters each: only the distance tells them apart (before, they tied and went by name).
    await label('ana', 'q-001', 'Good');
    await label('ben', 'q-001', 'Very Good'); // neighbours: 1/6
    await label('ana', 'q-002', 'Extremely Bad');
    await label('ben', 'q-002', 'Extremely Good'); // the two ends: 1
    await label('ana', 'q-003', 'Bad');
    await label('ben', 'q-003', 'Very Good'); // 3 levels: 3/6
    const queue = await ws.api('adjudication.queue', { task: 'quality' });
    expect(queue.entries.map((e) => [e.externalId, e.dispute])).toEqual([
      ['q-002', 1],
      ['q-003', 0.5],
      ['q-001', 1 / 6],
    ]);
  });

  it('puts one rater far off before three raters on neighbouring levels, and adds up the disputes of an item’s questions', async () => {
    await ws.api('tasks.create', { name: 'three', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben', 'cy'] });
    // q-001: Good, Acceptable, Bad — everyone off the majority, but a level apart (1/6, 2/6, 1/6 → 2/9);
    // q-002: Bad, Very Good, Very Good — cy alone off, 3 levels (3/6, 3/6, 0 → 1/3).
    const answers: Record<string, string[]> = { 'q-001': ['Good', 'Acceptable', 'Bad'], 'q-002': ['Bad', 'Very Good', 'Very Good'] };
    for (const [externalId, values] of Object.entries(answers)) {
      const itemId = ws.itemId(externalId);
      for (const [i, rater] of ['ana', 'ben', 'cy'].entries()) {
        await ws.api('labels.save', { task: 'three', itemId, question: 'overall_quality', value: values[i] }, rater);
        await ws.api('labels.submit', { task: 'three', itemId }, rater);
      }
    }
    const queue = await ws.api('adjudication.queue', { task: 'three' });
    expect(queue.entries.map((e) => [e.externalId, e.disagreeingRaters])).toEqual([
      ['q-002', 1],
      ['q-001', 3],
    ]);
    expect(queue.entries[0].dispute).toBeCloseTo(1 / 3, 12);
    expect(queue.entries[1].dispute).toBeCloseTo(2 / 9, 12);
  });

  it('lists raters in the order they are counted (rater 2 before rater 10), in the queue and on the item', async () => {
    const crowd = ['rater 10', 'rater 2', 'rater 1'];
    await ws.api('tasks.create', { name: 'crowd', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: crowd });
    const itemId = ws.itemId('q-002');
    for (const [i, rater] of crowd.entries()) {
      await ws.api('labels.save', { task: 'crowd', itemId, question: 'overall_quality', value: i === 0 ? 'Bad' : 'Good' }, rater);
      await ws.api('labels.submit', { task: 'crowd', itemId }, rater);
    }
    const [entry] = (await ws.api('adjudication.queue', { task: 'crowd' })).entries;
    const counted = ['rater 1', 'rater 2', 'rater 10'];
    expect(entry.raters).toEqual(counted);
    expect(entry.disagreements[0].byRater.map((r) => r.rater)).toEqual(counted);
    const item = await ws.api('adjudication.item', { task: 'crowd', itemId }, 'ada');
    expect(item.groups[0].answers.map((a) => a.rater)).toEqual(counted);
  });

  it('leaves out labels not yet submitted and judge labels unless asked', async () => {
    await label('ana', 'q-001', 'Good');
    await label('ben', 'q-001', 'Bad', undefined, false);
    expect((await ws.api('adjudication.queue', { task: 'quality' })).entries).toEqual([]);
    const judge = await ws.write(() => judgeRater(ws.db, 'judge:j1', null));
    await ws.write(() => recordJudgeLabel(ws.db, { task: 'quality', itemId: ws.itemId('q-001'), unit: '', question: 'overall_quality', raterId: judge.id, value: 'Very Bad' }));
    expect((await ws.api('adjudication.queue', { task: 'quality', includeJudges: true })).entries.map((e) => e.raters)).toEqual([['ana', 'judge:j1']]);
  });

  it('queues by per-item agreement below a threshold', async () => {
    await ws.api('tasks.create', { name: 'metrics', schema: { preset: 'plan-metrics' }, datasets: ['plans'], annotators: ['ana', 'ben'], adjudication: { policy: 'threshold', threshold: 0.5 } });
    const questions = ['tool_prompt_alignment', 'format', 'step_executability', 'query_adherence', 'dependencies', 'redundancy', 'tool_usage_completeness'];
    // q-001: 1 of 7 questions disagrees (agreement 6/7); q-002: 4 of 7 disagree (3/7).
    const disagreeOn: Record<string, number> = { 'q-001': 1, 'q-002': 4 };
    for (const [externalId, count] of Object.entries(disagreeOn)) {
      const itemId = ws.itemId(externalId);
      for (const [i, question] of questions.entries()) {
        await ws.api('labels.save', { task: 'metrics', itemId, question, value: 1 }, 'ana');
        await ws.api('labels.save', { task: 'metrics', itemId, question, value: i < count ? 0 : 1 }, 'ben');
      }
      for (const annotator of ['ana', 'ben']) await ws.api('labels.submit', { task: 'metrics', itemId }, annotator);
    }
    const byThreshold = await ws.api('adjudication.queue', { task: 'metrics' });
    expect(byThreshold).toMatchObject({ policy: 'threshold', threshold: 0.5 });
    expect(byThreshold.entries.map((e) => [e.externalId, e.agreement, e.disagreements.length])).toEqual([['q-002', 3 / 7, 4]]);
    const any = await ws.api('adjudication.queue', { task: 'metrics', policy: 'any' });
    expect(any.entries.map((e) => [e.externalId, e.agreement])).toEqual([
      ['q-002', 3 / 7],
      ['q-001', 6 / 7],
    ]);
    expect((await ws.api('adjudication.queue', { task: 'metrics', policy: 'any', question: 'format' })).entries.map((e) => e.externalId)).toEqual(['q-002']);
  });

  it('shows all labels and rationales side by side to adjudicators only', async () => {
    await labelAll();
    const item = await ws.api('adjudication.item', { task: 'quality', itemId: ws.itemId('q-002') }, 'ada');
    expect(item).toMatchObject({ externalId: 'q-002', dataset: 'plans', kind: 'plan', schema: { id: 'plan-quality' } });
    expect(item.groups).toMatchObject([
      {
        unit: '',
        question: 'overall_quality',
        unanimous: false,
        agreement: 0,
        gold: null,
        answers: [
          { rater: 'ana', value: 'Good', rationale: 'Both parts answered.' },
          { rater: 'ben', value: 'Bad', rationale: 'Average duration step is vague.' },
        ],
      },
    ]);
    await expect(ws.api('adjudication.item', { task: 'quality', itemId: ws.itemId('q-002') }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('sets gold, which resolves the entry, and keeps every decision in gold_events', async () => {
    await labelAll();
    const itemId = ws.itemId('q-002');
    const gold = await ws.api('adjudication.setGold', { task: 'quality', itemId, question: 'overall_quality', value: 'Acceptable', rationale: 'Both have a point.' }, 'ada');
    expect(gold).toMatchObject({ itemId, unit: '', value: 'Acceptable', na: false, adjudicator: 'ada', source: 'adjudicated', rationale: 'Both have a point.' });
    // Changing gold is an edit: it says why, or it is refused (the gold edit log).
    await expect(ws.api('adjudication.setGold', { task: 'quality', itemId, question: 'overall_quality', value: 'Bad' }, 'ada')).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'gold for overall_quality of q-002 is already "Acceptable" (set by ada); say why it changes (reason)',
    });
    await ws.api('adjudication.setGold', { task: 'quality', itemId, question: 'overall_quality', value: 'Bad', reason: 'step 2 cannot run' }, 'ada');
    expect((await ws.api('adjudication.queue', { task: 'quality' })).entries.map((e) => e.externalId)).toEqual(['q-003']);
    const all = await ws.api('adjudication.queue', { task: 'quality', includeResolved: true });
    expect(all.entries.map((e) => [e.externalId, e.resolved])).toEqual([
      ['q-002', true],
      ['q-003', false],
    ]);
    expect(all.open).toBe(1);
    expect(ws.db.prepare('SELECT value, source, reason, previous FROM gold_events ORDER BY id').all()).toEqual([
      { value: '"Acceptable"', source: 'adjudicated', reason: null, previous: null },
      { value: '"Bad"', source: 'adjudicated', reason: 'step 2 cannot run', previous: '{"value":"Acceptable","na":false}' },
    ]);
    expect(await ws.api('gold.history', { task: 'quality', itemId }, 'ada')).toEqual([
      expect.objectContaining({ item: 'q-002', value: 'Acceptable', previous: null, adjudicator: 'ada', reason: null, note: 'Both have a point.' }),
      expect.objectContaining({ item: 'q-002', value: 'Bad', previous: { value: 'Acceptable', na: false }, adjudicator: 'ada', reason: 'step 2 cannot run', note: null }),
    ]);
    // The same answer with another note is no change of gold: no reason asked.
    await ws.api('adjudication.setGold', { task: 'quality', itemId, question: 'overall_quality', value: 'Bad', rationale: 'see step 2' }, 'ada');
    expect((await ws.api('adjudication.item', { task: 'quality', itemId }, 'ada')).groups[0].gold).toMatchObject({ value: 'Bad' });
    await expect(ws.api('adjudication.setGold', { task: 'quality', itemId, question: 'overall_quality', value: 'Superb' }, 'ada')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(ws.api('adjudication.setGold', { task: 'quality', itemId, question: 'overall_quality', value: 'Bad' }, 'ben')).rejects.toMatchObject({
      code: 'forbidden',
      message: "adjudication shows every rater's labels and rationales side by side, so adjudication.setGold is for adjudicators and leads; ben is an annotator",
    });
  });

  it('accepts unanimous answers in bulk, once', async () => {
    await labelAll();
    expect(await ws.api('adjudication.acceptUnanimous', { task: 'quality' }, 'ada')).toEqual({ accepted: 1, alreadyGold: 0 });
    expect(await ws.api('adjudication.acceptUnanimous', { task: 'quality' }, 'ada')).toEqual({ accepted: 0, alreadyGold: 1 });
    expect(await ws.api('gold.list', { task: 'quality' })).toMatchObject([{ itemId: ws.itemId('q-001'), value: 'Good', source: 'unanimous', adjudicator: 'ada' }]);
    expect((await ws.api('tasks.get', { task: 'quality' })).goldCount).toBe(1);
  });
});
