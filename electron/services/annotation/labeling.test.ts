import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { judgeRater, recordJudgeLabel } from './judgeLabels';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

let ws: AnnotationWorkspace;
let q1: number;
let q3: number;
beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  q1 = ws.itemId('q-001');
  q3 = ws.itemId('q-003');
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 5 });
});
afterEach(() => ws.dispose());

const save = (annotator: string, itemId: number, value: string, extra: Record<string, unknown> = {}) =>
  ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value, ...extra }, annotator);
const events = () =>
  ws.db.prepare('SELECT r.name AS rater, e.action, e.value, e.visible_raters, e.undoes_event_id FROM label_events e JOIN raters r ON r.id = e.rater_id ORDER BY e.id').all() as {
    rater: string;
    action: string;
    value: string | null;
    visible_raters: string | null;
    undoes_event_id: number | null;
  }[];

describe('labels.save', () => {
  it('commits the answer with seconds spent and an event, and a repeat records nothing', async () => {
    const saved = await save('ana', q1, 'Good', { rationale: 'Right tool.', secondsSpent: 12.5 });
    expect(saved).toMatchObject({ changed: true, visibleRaters: [], label: { unit: '', question: 'overall_quality', rater: 'ana', value: 'Good', na: false, rationale: 'Right tool.', secondsSpent: 12.5 } });
    expect(await save('ana', q1, 'Good', { rationale: 'Right tool.', secondsSpent: 1 })).toMatchObject({ changed: false, eventId: null });
    await save('ana', q1, 'Very Good', { secondsSpent: 3 });
    const listed = await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ana');
    expect(listed.own).toMatchObject([{ value: 'Very Good', rationale: null, secondsSpent: 15.5 }]);
    expect(events().map((e) => [e.action, e.value])).toEqual([
      ['set', '"Good"'],
      ['set', '"Very Good"'],
    ]);
  });

  it('refuses values, units and items that do not fit, and annotators not assigned', async () => {
    await expect(save('ana', q1, 'Great')).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/"Great" is not one of "Extremely Bad"/) });
    await expect(save('ana', q1, 'Good', { unit: 'step:1' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'overall_quality is about the whole item; its unit must be \'\' (got "step:1")',
    });
    await expect(save('ana', q1, 'Good', { question: 'quality' })).rejects.toMatchObject({ code: 'invalid-input', message: 'no question "quality" in schema plan-quality (questions: overall_quality)' });
    await expect(save('zed', q1, 'Good')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"zed" is not a person of this workspace yet/) });
    await ws.api('annotators.upsert', { name: 'zed', role: 'annotator' });
    await expect(save('zed', q1, 'Good')).rejects.toMatchObject({ code: 'forbidden', message: 'zed is not an annotator of task "quality"; labels.save is for the task\'s annotators, its adjudicators and leads' });
    await expect(save('ana', 99999, 'Good')).rejects.toMatchObject({ code: 'not-found' });
    expect(events()).toEqual([]);
  });

  it('checks unit-level answers against the units of the item', async () => {
    await ws.api('tasks.create', { name: 'tags', schema: { preset: 'plan-step-tags' }, datasets: ['plans'], annotators: ['ana'] });
    const tag = (unit: string, value: string[]) => ws.api('labels.save', { task: 'tags', itemId: q3, unit, question: 'step_tags', value }, 'ana');
    expect((await tag('step:2', ['complex_prompt', 'incorrect_tool'])).label?.value).toEqual(['incorrect_tool', 'complex_prompt']);
    await expect(tag('step:9', ['no_change'])).rejects.toMatchObject({ code: 'invalid-input', message: 'plan q-003 has no step 9 (steps: 1, 2)' });
    await expect(tag('', ['no_change'])).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/asked per step/) });
  });
});

describe('blind mode', () => {
  it('hides other raters’ labels, human or judge, before and after the viewer submits, until a lead opens discussion; records what was visible', async () => {
    await save('ana', q1, 'Good', { rationale: 'Fine.' });
    const judge = await ws.write(() => judgeRater(ws.db, 'judge:gpt#1', null));
    await ws.write(() => recordJudgeLabel(ws.db, { task: 'quality', itemId: q1, unit: '', question: 'overall_quality', raterId: judge.id, value: 'Bad' }));
    await save('ben', q1, 'Acceptable');

    const before = await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ben');
    expect(before).toMatchObject({ blind: true, submitted: false, others: [], hiddenRaters: 2, own: [{ rater: 'ben', value: 'Acceptable' }] });

    const submitted = await ws.api('labels.submit', { task: 'quality', itemId: q1 }, 'ben');
    expect(submitted.alreadySubmitted).toBe(false);
    // Submitted, still blind (issue 13): seeing the others now could only anchor a change.
    expect(await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ben')).toMatchObject({ submitted: true, others: [], hiddenRaters: 2 });
    await ws.api('tasks.setDiscussion', { task: 'quality', open: true });
    const after = await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ben');
    expect(after).toMatchObject({ submitted: true, discussion: true, hiddenRaters: 0 });
    expect(after.others.map((l) => [l.rater, l.raterKind, l.value, l.rationale])).toEqual([
      ['ana', 'human', 'Good', 'Fine.'],
      ['judge:gpt#1', 'judge', 'Bad', null],
    ]);
    // ana has not submitted: still blind to ben's label and the judge's, discussion or not.
    expect(await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ana')).toMatchObject({ hiddenRaters: 2, others: [] });

    const changed = await save('ben', q1, 'Bad');
    expect(changed.visibleRaters).toEqual(['ana', 'judge:gpt#1']);
    expect(events().filter((e) => e.rater === 'ben').map((e) => JSON.parse(e.visible_raters!))).toEqual([[], ['ana', 'judge:gpt#1']]);
  });

  it('shows everything at once in a task that is not blind', async () => {
    await ws.api('tasks.create', { name: 'open', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], blind: false });
    await ws.api('labels.save', { task: 'open', itemId: q1, question: 'overall_quality', value: 'Good' }, 'ana');
    const saved = await ws.api('labels.save', { task: 'open', itemId: q1, question: 'overall_quality', value: 'Bad' }, 'ben');
    expect(saved.visibleRaters).toEqual(['ana']);
    expect(await ws.api('labels.list', { task: 'open', itemId: q1 }, 'ben')).toMatchObject({ blind: false, others: [{ rater: 'ana' }] });
  });

  it('lets an adjudicator who is not labelling the item see every label', async () => {
    await save('ana', q1, 'Good');
    await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    expect(await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ada')).toMatchObject({ others: [{ rater: 'ana' }], hiddenRaters: 0 });
    await ws.api('tasks.assign', { task: 'quality', annotators: ['ada'] });
    expect(await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ada')).toMatchObject({ others: [], hiddenRaters: 1 });
  });
});

describe('labels.undo and labels.clear', () => {
  it('restores the previous answer with a new event, walking back one change at a time', async () => {
    await save('ana', q1, 'Good');
    await save('ana', q1, 'Bad', { rationale: 'Wrong tool.' });
    expect(await ws.api('labels.undo', { task: 'quality', itemId: q1 }, 'ana')).toMatchObject({
      undone: { unit: '', question: 'overall_quality' },
      label: { value: 'Good', rationale: null },
    });
    expect(await ws.api('labels.undo', { task: 'quality', itemId: q1 }, 'ana')).toMatchObject({ undone: { question: 'overall_quality' }, label: null });
    expect(await ws.api('labels.undo', { task: 'quality', itemId: q1 }, 'ana')).toEqual({ undone: null, label: null });
    expect(events().map((e) => [e.action, e.value])).toEqual([
      ['set', '"Good"'],
      ['set', '"Bad"'],
      ['undo', '"Good"'],
      ['undo', null],
    ]);
    expect(events()[3].undoes_event_id).toBe(1);
  });

  it('only undoes the annotator’s own changes on that item', async () => {
    await save('ana', q1, 'Good');
    await save('ben', q1, 'Bad');
    await save('ana', q3, 'Bad');
    await ws.api('labels.undo', { task: 'quality', itemId: q1 }, 'ana');
    expect((await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ben')).own).toMatchObject([{ value: 'Bad' }]);
    expect((await ws.api('labels.list', { task: 'quality', itemId: q3 }, 'ana')).own).toMatchObject([{ value: 'Bad' }]);
    expect((await ws.api('labels.list', { task: 'quality', itemId: q1 }, 'ana')).own).toEqual([]);
  });

  it('clears an answer, and undo brings it back', async () => {
    await save('ana', q1, 'Good', { rationale: 'Ok.' });
    expect(await ws.api('labels.clear', { task: 'quality', itemId: q1, question: 'overall_quality' }, 'ana')).toMatchObject({ changed: true, label: null });
    expect(await ws.api('labels.undo', { task: 'quality', itemId: q1 }, 'ana')).toMatchObject({ label: { value: 'Good', rationale: 'Ok.' } });
  });

  it('never updates an event in place', async () => {
    await ws.write((db) => db.prepare("UPDATE label_events SET action = 'set'").run()); // no rows yet
    await save('ana', q1, 'Good');
    await expect(ws.write((db) => db.prepare("UPDATE label_events SET value = 'x'").run())).rejects.toThrow(/append-only/);
  });
});

describe('labels.submit and the queue', () => {
  it('refuses to submit while required answers are missing, naming them per unit', async () => {
    await ws.api('tasks.create', { name: 'tags', schema: { preset: 'plan-step-tags' }, datasets: ['plans'], annotators: ['ana'] });
    await expect(ws.api('labels.submit', { task: 'tags', itemId: q3 }, 'ana')).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'cannot submit q-003 yet; still unanswered: step_tags on steps 1, 2',
    });
    await ws.api('labels.save', { task: 'tags', itemId: q3, unit: 'step:1', question: 'step_tags', value: ['no_change'] }, 'ana');
    await expect(ws.api('labels.submit', { task: 'tags', itemId: q3 }, 'ana')).rejects.toMatchObject({ message: expect.stringMatching(/step_tags on steps 2$/) });
    await ws.api('labels.save', { task: 'tags', itemId: q3, unit: 'step:2', question: 'step_tags', value: ['incorrect_tool'] }, 'ana');
    expect(await ws.api('labels.submit', { task: 'tags', itemId: q3 }, 'ana')).toMatchObject({ alreadySubmitted: false });
    expect(await ws.api('labels.submit', { task: 'tags', itemId: q3 }, 'ana')).toMatchObject({ alreadySubmitted: true });
  });

  it('walks the queue: next skips submitted and skipped items, previous goes back, skipped come last', async () => {
    const queue = await ws.api('queue.get', { task: 'quality' }, 'ana');
    const [a, b, c] = queue.entries.map((e) => e.itemId);
    expect(queue.current?.itemId).toBe(a);
    await save('ana', a, 'Good');
    expect((await ws.api('queue.get', { task: 'quality' }, 'ana')).entries[0].status).toBe('started');
    const afterSubmit = await ws.api('labels.submit', { task: 'quality', itemId: a }, 'ana');
    expect(afterSubmit.next?.itemId).toBe(b);
    expect((await ws.api('queue.skip', { task: 'quality', itemId: b }, 'ana')).next?.itemId).toBe(c);
    expect((await ws.api('queue.next', { task: 'quality' }, 'ana')).entry?.itemId).toBe(c);
    expect((await ws.api('queue.previous', { task: 'quality', before: c }, 'ana')).entry?.itemId).toBe(b);
    expect((await ws.api('queue.previous', { task: 'quality', before: a }, 'ana')).entry).toBeNull();
    await save('ana', c, 'Bad');
    await ws.api('labels.submit', { task: 'quality', itemId: c }, 'ana');
    const late = await ws.api('queue.get', { task: 'quality' }, 'ana');
    expect(late.current).toMatchObject({ itemId: b, status: 'skipped' });
    expect(late.progress).toMatchObject({ assigned: 3, submitted: 2, skipped: 1, remaining: 0, labels: 2 });
    await save('ana', b, 'Acceptable');
    await ws.api('labels.submit', { task: 'quality', itemId: b }, 'ana');
    expect((await ws.api('queue.get', { task: 'quality' }, 'ana')).current).toBeNull();
    expect((await ws.api('tasks.get', { task: 'quality' })).progress.find((p) => p.name === 'ana')).toMatchObject({ submitted: 3, skipped: 0, remaining: 0 });
  });

  it('announces a skip, so other windows show the progress, and not a repeated one', async () => {
    const emit = vi.spyOn(ws.ctx, 'emit');
    const [a] = (await ws.api('queue.get', { task: 'quality' }, 'ana')).entries.map((e) => e.itemId);
    await ws.api('queue.skip', { task: 'quality', itemId: a }, 'ana');
    expect(emit).toHaveBeenCalledWith('workspace.changed', { what: 'labels' });
    emit.mockClear();
    await ws.api('queue.skip', { task: 'quality', itemId: a }, 'ana');
    expect(emit).not.toHaveBeenCalled();
  });

  it('refuses the queue of someone who is not on the task', async () => {
    await ws.api('annotators.upsert', { name: 'zed', role: 'annotator' });
    await expect(ws.api('queue.get', { task: 'quality' }, 'zed')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/zed is not an annotator of task "quality"/) });
  });
});
