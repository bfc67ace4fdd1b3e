import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLabelsCsv } from '../../core/schemas/labelsCsv';
import { csvRecords } from '../../core/stats/csvRecords';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

// Adjudication that flows (issue 13, part 7) and gold exports (part 6): the queue says why each
// item is there and puts the most disputed first, a whole item is settled in one go, and gold
// leaves the workspace as CSV or JSONL with its source, adjudicator, note, time and edits.
let ws: AnnotationWorkspace;
const METRICS = ['tool_prompt_alignment', 'format', 'step_executability', 'query_adherence', 'dependencies', 'redundancy', 'tool_usage_completeness'];

beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  await ws.api('tasks.create', { name: 'metrics', schema: { preset: 'plan-metrics' }, datasets: ['plans'], annotators: ['ana', 'ben', 'cy'], seed: 3 });
});
afterEach(() => ws.dispose());

/** Each rater's score per item and question; unlisted questions are 1 for everyone. */
async function scores(byItem: Record<string, Record<string, [number, number, number]>>) {
  for (const [externalId, questions] of Object.entries(byItem)) {
    const itemId = ws.itemId(externalId);
    for (const [r, rater] of ['ana', 'ben', 'cy'].entries()) {
      for (const question of METRICS) await ws.api('labels.save', { task: 'metrics', itemId, question, value: questions[question]?.[r] ?? 1 }, rater);
      await ws.api('labels.submit', { task: 'metrics', itemId }, rater);
    }
  }
}

describe('the adjudication queue', () => {
  it('says which raters answered what on each disputed question, and puts the most disputed first: two disputed questions, then (equal dispute) more dissenting raters', async () => {
    await scores({
      'q-001': { format: [1, 1, 0] }, // one question, one rater off
      'q-002': { format: [1, 0, 1], step_executability: [0, 1, 1] }, // two questions
      'q-003': { format: [0, 1, 0.5] }, // one question, everyone differs
    });
    const queue = await ws.api('adjudication.queue', { task: 'metrics' }, 'ada');
    // Dispute (mean pair gap over the 0–1 range, per question): q-002 2/3 + 2/3; q-003 (1 + ½ + ½)/3
    // and q-001 (0 + 1 + 1)/3, both 2/3. Raters off the most common answer: q-002 ben (format) and
    // ana (step_executability); q-003 everyone (no answer given twice); q-001 cy alone.
    expect(queue.entries.map((e) => [e.externalId, e.disagreeingQuestions, e.disagreeingRaters])).toEqual([
      ['q-002', 2, 2],
      ['q-003', 1, 3],
      ['q-001', 1, 1],
    ]);
    expect(queue.entries[2].disagreements).toEqual([
      {
        unit: '',
        question: 'format',
        answers: ['1', '0'],
        byRater: [
          { rater: 'ana', answer: '1' },
          { rater: 'ben', answer: '1' },
          { rater: 'cy', answer: '0' },
        ],
        resolved: false,
      },
    ]);
  });
});

describe('settling a whole item at once', () => {
  it('sets gold on every disputed question in one write, or on none when one answer is wrong', async () => {
    await scores({ 'q-002': { format: [1, 0, 1], step_executability: [0, 1, 1] } });
    const itemId = ws.itemId('q-002');
    await expect(
      ws.api('adjudication.settleItem', { task: 'metrics', itemId, answers: [{ question: 'format', value: 1 }, { question: 'step_executability', value: 7 }] }, 'ada'),
    ).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await ws.api('gold.list', { task: 'metrics', itemId }, 'ada')).toEqual([]);

    const settled = await ws.api(
      'adjudication.settleItem',
      { task: 'metrics', itemId, answers: [{ question: 'format', value: 1, note: 'two of three' }, { question: 'step_executability', value: 1 }] },
      'ada',
    );
    expect(settled.settled).toBe(2);
    expect(settled.gold.map((g) => [g.question, g.value, g.adjudicator, g.rationale])).toEqual([
      ['format', 1, 'ada', 'two of three'],
      ['step_executability', 1, 'ada', null],
    ]);
    expect((await ws.api('adjudication.queue', { task: 'metrics' }, 'ada')).entries).toEqual([]);
    // Settling again with a changed answer needs the reason, for every changed question at once.
    await expect(ws.api('adjudication.settleItem', { task: 'metrics', itemId, answers: [{ question: 'format', value: 0 }] }, 'ada')).rejects.toMatchObject({ message: expect.stringMatching(/say why it changes/) });
    await ws.api('adjudication.settleItem', { task: 'metrics', itemId, answers: [{ question: 'format', value: 0 }], reason: 'format rule 3' }, 'ada');
    expect((await ws.api('gold.history', { task: 'metrics', itemId }, 'ada')).map((e) => [e.question, e.value, e.reason])).toEqual([
      ['format', 1, null],
      ['step_executability', 1, null],
      ['format', 0, 'format rule 3'],
    ]);
  });

  it('is for adjudicators: an annotator is refused', async () => {
    await expect(ws.api('adjudication.settleItem', { task: 'metrics', itemId: ws.itemId('q-001'), answers: [{ question: 'format', value: 1 }] }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('gold export', () => {
  beforeEach(async () => {
    await scores({ 'q-001': {}, 'q-002': { format: [1, 0, 1] } });
    await ws.api('adjudication.acceptUnanimous', { task: 'metrics', question: 'tool_prompt_alignment' }, 'ada');
    await ws.api('adjudication.setGold', { task: 'metrics', itemId: ws.itemId('q-002'), question: 'format', value: 0, rationale: '=cmd|" /C calc"!A0, says "ben"' }, 'ada');
    await ws.api('adjudication.setGold', { task: 'metrics', itemId: ws.itemId('q-002'), question: 'format', value: 1, reason: 'two of three, after all' }, 'ada');
  });

  it('writes CSV through the labels CSV writer: item, dataset, unit, question, gold, source, adjudicator, note, time and the edit log', async () => {
    const exported = await ws.api('gold.export', { task: 'metrics', format: 'csv' }, 'ada');
    expect(exported).toMatchObject({ fileName: 'metrics.gold.csv', format: 'csv', rows: 3 });
    const records = csvRecords(exported.content).map((r) => r.fields);
    expect(records[0]).toEqual(['item', 'dataset', 'unit', 'question', 'gold', 'source', 'adjudicator', 'note', 'time', 'edits', 'edit_log']);
    const rows = records.slice(1).map((f) => Object.fromEntries(records[0].map((c, i) => [c, f[i]])));
    expect(rows.map((r) => [r.item, r.question, r.gold, r.source, r.adjudicator])).toEqual([
      ['q-001', 'tool_prompt_alignment', '1', 'unanimous', 'ada'],
      ['q-002', 'tool_prompt_alignment', '1', 'unanimous', 'ada'],
      ['q-002', 'format', '1', 'adjudicated', 'ada'],
    ]);
    const format = rows[2];
    expect(format.note).toBe('');
    expect(format.edits).toBe('2');
    expect(format.edit_log).toMatch(/^\S+ ada: 0 \| \S+ ada: 0 → 1 \(two of three, after all\)$/);
    expect(Date.parse(format.time)).not.toBeNaN();
  });

  it('writes JSONL with the edits as a list, each with who, why and what it replaced', async () => {
    const exported = await ws.api('gold.export', { task: 'metrics', format: 'jsonl' }, 'ada');
    const lines = exported.content.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({
      task: 'metrics',
      dataset: 'plans',
      item: 'q-002',
      unit: '',
      question: 'format',
      value: 1,
      na: false,
      source: 'adjudicated',
      adjudicator: 'ada',
      note: null,
      edits: [
        { by: 'ada', previous: null, value: 0, reason: null, note: '=cmd|" /C calc"!A0, says "ben"' },
        { by: 'ada', previous: { value: 0, na: false }, value: 1, reason: 'two of three, after all', note: null },
      ],
    });
  });

  it('is for adjudicators and leads: an annotator is refused', async () => {
    await expect(ws.api('gold.export', { task: 'metrics', format: 'csv' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ws.api('gold.history', { task: 'metrics' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('is not a labels file: importing it as labels is refused, naming the columns', () => {
    expect(() => readLabelsCsv('item,dataset,unit,question,gold\n')).toThrow(/unknown column/);
  });
});
