import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../testing/fixtures';
import { judgeRater, recordJudgeLabel } from './judgeLabels';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

// Issue 13, "blind stays blind, after submit too": ana and ben label a blind task, a judge has
// answered, lea leads. Everything here goes through dispatch, as the app and the CLI call it.
let ws: AnnotationWorkspace;
let q1: number;
let q2: number;
beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl', path.join(FIXTURES, 'graph-damaged-item.json'), path.join(FIXTURES, 'graph-password-reset.json')]);
  q1 = ws.itemId('q-001');
  q2 = ws.itemId('q-002');
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 5 });
  await ws.api('annotators.upsert', { name: 'lea', role: 'lead' });
  const judge = await ws.write(() => judgeRater(ws.db, 'judge:gpt#1', null));
  await ws.write(() => recordJudgeLabel(ws.db, { task: 'quality', itemId: q1, unit: '', question: 'overall_quality', raterId: judge.id, value: 'Bad', rationale: 'judge says bad' }));
  await answer('ana', q1, 'Acceptable', 'misses a filter');
  await answer('ben', q1, 'Good', 'looks right');
});
afterEach(() => ws.dispose());

async function answer(annotator: string, itemId: number, value: string, rationale: string) {
  await ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value, rationale }, annotator);
  await ws.api('labels.submit', { task: 'quality', itemId }, annotator);
}
const list = (annotator: string, itemId = q1) => ws.api('labels.list', { task: 'quality', itemId }, annotator);
const change = (annotator: string, value: string, itemId = q1) => ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value }, annotator);
const lastVisible = (annotator: string) =>
  JSON.parse(
    (ws.db.prepare('SELECT e.visible FROM label_events e JOIN raters r ON r.id = e.rater_id WHERE r.name = ? ORDER BY e.id DESC LIMIT 1').get(annotator) as { visible: string }).visible,
  ) as unknown;

describe('after submitting, an annotator of a blind task', () => {
  it('still gets no other rater’s label, rationale or judge output', async () => {
    const view = await list('ana');
    expect(view).toMatchObject({ submitted: true, discussion: false, others: [], hiddenRaters: 2 });
    const text = JSON.stringify(view);
    for (const leak of ['Good', 'looks right', 'Bad', 'judge says bad', 'ben', 'judge:gpt#1']) expect(text).not.toContain(leak);
  });

  it('may still change their answer, which records that nothing of the others was shown and is no revision', async () => {
    const saved = await change('ana', 'Good');
    expect(saved.visibleRaters).toEqual([]);
    expect(lastVisible('ana')).toEqual({ others: false, scores: false, discussion: false });
    expect((await list('ana')).revisions).toEqual([]);
  });

  it('cannot open the task for discussion: only a lead can', async () => {
    await expect(ws.api('tasks.setDiscussion', { task: 'quality', open: true }, 'ana')).rejects.toMatchObject({
      code: 'forbidden',
      message: "opening a task for discussion shows its annotators each other's labels, so tasks.setDiscussion is for leads; ana is an annotator",
    });
    expect((await ws.api('tasks.get', { task: 'quality' })).discussion).toBeNull();
  });
});

describe('once a lead opens the task for discussion', () => {
  beforeEach(async () => {
    const task = await ws.api('tasks.setDiscussion', { task: 'quality', open: true }, 'lea');
    expect(task.discussion).toMatchObject({ openedBy: 'lea' });
  });

  it('shows the annotator the others’ answers, rationales and the judge’s on the items they submitted', async () => {
    const view = await list('ana');
    expect(view).toMatchObject({ discussion: true, hiddenRaters: 0 });
    expect(view.others.map((l) => [l.rater, l.value, l.rationale])).toEqual([
      ['ben', 'Good', 'looks right'],
      ['judge:gpt#1', 'Bad', 'judge says bad'],
    ]);
  });

  it('keeps an item the annotator has not submitted blind', async () => {
    await answer('ben', q2, 'Bad', 'wrong tool');
    expect(await list('ana', q2)).toMatchObject({ submitted: false, others: [], hiddenRaters: 1 });
  });

  it('records a change after seeing the others as a revision, the original kept beside it', async () => {
    const saved = await change('ana', 'Good');
    expect(saved.visibleRaters).toEqual(['ben', 'judge:gpt#1']);
    expect(lastVisible('ana')).toEqual({ others: true, scores: false, discussion: true });
    await change('ana', 'Very Good');
    const view = await list('ana');
    expect(view.own).toMatchObject([{ value: 'Very Good' }]);
    // The first change after discussion keeps the original; later ones do not overwrite it.
    expect(view.revisions).toEqual([{ unit: '', question: 'overall_quality', original: { value: 'Acceptable', na: false, rationale: 'misses a filter' }, revisedAt: expect.any(String) }]);
  });

  it('keeps the original when the revision clears the label, and through an undo', async () => {
    await ws.api('labels.clear', { task: 'quality', itemId: q1, question: 'overall_quality' }, 'ana');
    await ws.api('labels.undo', { task: 'quality', itemId: q1 }, 'ana');
    const view = await list('ana');
    expect(view.own).toMatchObject([{ value: 'Acceptable' }]);
    expect(view.revisions.map((r) => r.original?.value)).toEqual(['Acceptable']);
  });

  it('exports the original beside the revised label and what was visible, and the export reads back', async () => {
    await change('ana', 'Good');
    const csv = await ws.api('labels.export', { task: 'quality', format: 'csv' }, 'lea');
    const lines = csv.content.trim().split('\n');
    expect(lines[0]).toBe('item,unit,question,rater,value,rationale,original_value,revised_after_discussion,visible');
    expect(lines).toContain('q-001,,overall_quality,ana,Good,,Acceptable,yes,others=yes;scores=no;discussion=yes');
    expect(lines).toContain('q-001,,overall_quality,ben,Good,looks right,,,others=no;scores=no;discussion=no');
    const jsonl = (await ws.api('labels.export', { task: 'quality', format: 'jsonl' }, 'lea')).content.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(jsonl.find((l) => l.rater === 'ana')).toMatchObject({
      value: 'Good',
      revisedAfterDiscussion: true,
      original: { value: 'Acceptable', na: false, rationale: 'misses a filter' },
      visible: { others: true, scores: false, discussion: true },
    });
    expect(jsonl.find((l) => l.rater === 'ben')).toMatchObject({ revisedAfterDiscussion: false, visible: { others: false, scores: false, discussion: false } });
    // Read back, the extra columns are ignored: nothing added or changed.
    expect(await ws.api('labels.import', { task: 'quality', source: { path: ws.file('back.csv', csv.content) } }, 'lea')).toMatchObject({ added: 0, changed: 0, unchanged: 3, errors: [] });
  });

  it('exports a label cleared after discussion as cleared, with its original, and the export reads back', async () => {
    await ws.api('labels.clear', { task: 'quality', itemId: q1, question: 'overall_quality' }, 'ana');
    const csv = await ws.api('labels.export', { task: 'quality', format: 'csv' }, 'lea');
    expect(csv).toMatchObject({ rows: 3, cleared: 1 });
    const lines = csv.content.trim().split('\n');
    expect(lines[0]).toBe('item,unit,question,rater,value,rationale,original_value,revised_after_discussion,visible');
    expect(lines[1]).toBe('q-001,,overall_quality,ana,,,Acceptable,cleared,');
    const jsonl = await ws.api('labels.export', { task: 'quality', format: 'jsonl' }, 'lea');
    expect(jsonl).toMatchObject({ rows: 3, cleared: 1 });
    expect(JSON.parse(jsonl.content.split('\n')[0]) as unknown).toMatchObject({
      item: 'q-001',
      rater: 'ana',
      value: null,
      na: false,
      revisedAfterDiscussion: true,
      clearedAfterDiscussion: true,
      original: { value: 'Acceptable', na: false, rationale: 'misses a filter' },
      visible: null,
    });
    // Read back, the cleared row is no label: nothing added, nothing changed, no error.
    for (const [name, content] of [['back.csv', csv.content], ['back.jsonl', jsonl.content]]) {
      expect(await ws.api('labels.import', { task: 'quality', source: { path: ws.file(name, content) } }, 'lea')).toMatchObject({ added: 0, changed: 0, unchanged: 2, errors: [] });
    }
    expect((await list('ana')).own).toEqual([]);
  });

  it('keeps an item that agrees only after a revision in the adjudication queue, and out of accept-unanimous', async () => {
    await change('ana', 'Good');
    expect(await ws.api('adjudication.acceptUnanimous', { task: 'quality' }, 'lea')).toMatchObject({ accepted: 0 });
    const queue = await ws.api('adjudication.queue', { task: 'quality' }, 'lea');
    expect(queue.entries.map((e) => [e.externalId, e.disagreements[0].byRater])).toEqual([
      ['q-001', [{ rater: 'ana', answer: 'Good (before discussion: Acceptable)' }, { rater: 'ben', answer: 'Good' }]],
    ]);
  });

  it('marks a revised answer with its original on the adjudication item, whose agreement stays on the originals', async () => {
    await change('ana', 'Good');
    const item = await ws.api('adjudication.item', { task: 'quality', itemId: q1, includeJudges: false }, 'lea');
    const group = item.groups.find((g) => g.question === 'overall_quality')!;
    expect(group.answers.map((a) => [a.rater, a.value, a.original ?? null])).toEqual([
      ['ana', 'Good', { answered: true, value: 'Acceptable', na: false, rationale: 'misses a filter' }],
      ['ben', 'Good', null],
    ]);
    // ana and ben agree only since ana's revision: not unanimous, as in the queue.
    expect(group).toMatchObject({ agreement: 0, unanimous: false });
  });

  it('keeps an answer cleared after discussion in adjudication with its original, as agreement counts it', async () => {
    await ws.api('labels.clear', { task: 'quality', itemId: q1, question: 'overall_quality' }, 'ana');
    expect(await ws.api('adjudication.acceptUnanimous', { task: 'quality' }, 'lea')).toMatchObject({ accepted: 0 });
    const queue = await ws.api('adjudication.queue', { task: 'quality' }, 'lea');
    expect(queue.entries.map((e) => [e.externalId, e.raters, e.disagreements[0].byRater])).toEqual([
      ['q-001', ['ana', 'ben'], [{ rater: 'ana', answer: 'no answer (before discussion: Acceptable)' }, { rater: 'ben', answer: 'Good' }]],
    ]);
    const item = await ws.api('adjudication.item', { task: 'quality', itemId: q1, includeJudges: false }, 'lea');
    const group = item.groups.find((g) => g.question === 'overall_quality')!;
    expect(group.answers.map((a) => a.rater)).toEqual(['ben']);
    expect(group.cleared).toEqual([{ rater: 'ana', original: { answered: true, value: 'Acceptable', na: false, rationale: 'misses a filter' } }]);
    expect(group).toMatchObject({ agreement: 0, unanimous: false });
  });

  it('keeps the original when the annotator changes the label by importing a file of their own', async () => {
    const file = ws.file('mine.csv', 'item,unit,question,rater,value,rationale\nq-001,,overall_quality,ana,Good,after talking\n');
    expect(await ws.api('labels.import', { task: 'quality', source: { path: file } }, 'ana')).toMatchObject({ changed: 1 });
    expect((await list('ana')).revisions.map((r) => r.original?.value)).toEqual(['Acceptable']);
  });

  it('closes again: the others are hidden once more', async () => {
    await ws.api('tasks.setDiscussion', { task: 'quality', open: false }, 'lea');
    expect(await list('ana')).toMatchObject({ discussion: false, others: [], hiddenRaters: 2 });
  });
});

describe('automatic scores, hidden from annotators while labeling', () => {
  const tierOf = async (as?: string) => (await ws.api('items.list', { limit: 10 }, as)).rows.find((r) => r.externalId === 'q-001')!.headline;

  it('are absent from what an annotator gets: metrics, the plan’s comparison with gold, the list’s reference column', async () => {
    const item = await ws.api('items.get', { id: q1 }, 'ana');
    expect(item).toMatchObject({ scoresHidden: true, metrics: null, headline: null });
    expect((item.payload as { analysis: { comparison: unknown } }).analysis.comparison).toBeNull();
    expect((item.payload as { gold: unknown }).gold).not.toBeNull();
    expect(JSON.stringify(item)).not.toMatch(/Extremely Good|"f1"|stepF1/);
    expect(await tierOf('ana')).toBeNull();
    expect((await list('ana')).scoresHidden).toBe(true);
  });

  it('leave out validator verdicts from an annotator’s item and its counts in the list, keeping findings that help reading', async () => {
    const graphs = (await ws.api('datasets.list', {})).filter((d) => d.kind === 'graph').map((d) => d.name);
    await ws.api('tasks.create', { name: 'graphs', schema: { preset: 'sop-graph-review' }, datasets: graphs, annotators: ['ana'] });
    const graph = (await ws.api('items.list', { kind: 'graph' }, 'lea')).rows.find((r) => r.errorCount > 0)!;
    expect((await ws.api('items.get', { id: graph.id }, 'lea')).findings.length).toBeGreaterThan(0);
    const seen = await ws.api('items.get', { id: graph.id }, 'ana');
    expect(seen.findings.filter((f) => !['graph-reserved-key'].includes(f.validator))).toEqual([]);
    const row = (await ws.api('items.list', { kind: 'graph' }, 'ana')).rows.find((r) => r.id === graph.id)!;
    expect([row.errorCount, row.warningCount, row.infoCount]).toEqual([0, 0, 0]);
  });

  it('are there for the lead, and for annotators once the lead shows them', async () => {
    expect((await ws.api('items.get', { id: q1 }, 'lea')).metrics).toMatchObject({ stepF1: 1, tier: 'Extremely Good' });
    expect(await tierOf('lea')).toBe('Extremely Good');
    expect(await tierOf()).toBe('Extremely Good');
    await expect(ws.api('tasks.setScoresHidden', { task: 'quality', hidden: false }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
    expect(await ws.api('tasks.setScoresHidden', { task: 'quality', hidden: false }, 'lea')).toMatchObject({ hideScores: false });
    expect((await ws.api('items.get', { id: q1 }, 'ana')).metrics).toMatchObject({ tier: 'Extremely Good' });
    expect(await tierOf('ana')).toBe('Extremely Good');
    await change('ana', 'Good');
    expect(lastVisible('ana')).toEqual({ others: false, scores: true, discussion: false });
  });

  it('are shown to annotators of a task created with hideScores off', async () => {
    await ws.api('tasks.create', { name: 'open scores', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['cy'], hideScores: false });
    // q-001 is still in "quality", which hides them: the strictest task wins.
    expect((await ws.api('items.get', { id: q1 }, 'cy')).scoresHidden).toBe(true);
    await ws.api('tasks.setScoresHidden', { task: 'quality', hidden: false });
    expect((await ws.api('items.get', { id: q1 }, 'cy')).scoresHidden).toBeUndefined();
  });
});
