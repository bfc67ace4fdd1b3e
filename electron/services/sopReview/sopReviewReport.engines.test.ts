import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type TestEngine } from '../../testing/engines';
import { RELEASES } from '../../testing/fixtures';

// The Agent-S review report on the query layer (issue 16): the same figures from a workspace
// file and from PostgreSQL. The marks are those of sopReviewReport.test.ts (every expected figure
// is counted by hand there); here they are made on the file and copied up, and the gold that
// settles a disagreement is set on the engine under test.

const engines = useEngines({ beforeAll, afterAll, afterEach });

const MARKS: Record<string, Record<string, string[]>> = {
  's-101': { ana: ['cc', 'cc', 'cc', 'cc', 'cc'], ben: ['cc', 'cc', 'cc', 'cc', 'ci'] },
  's-102': { ana: ['cc', 'cc', 'cc', 'cc', 'cc'], ben: ['cc', 'cc', 'cc', 'cc', 'cc'] },
  's-103': { ana: ['cc', 'cc', 'cc', '--'], ben: ['cc', 'cc', '--', '--'] },
  's-201': { ana: ['cc', 'cc', 'cc', 'cc', 'cc'], ben: ['--', '--', '--', '--', '--'] },
  's-202': { ana: ['cc', 'cc', 'cc', 'cc', 'cc', 'cc', 'cc'], ben: ['cc', 'cc', 'cc', 'cc', 'cc', 'cc', 'cc'] },
  's-203': { ana: ['cc', 'cc', 'ii', 'cc'], ben: ['cc', 'cc', 'ii', 'i-'] },
};
const WORD = { c: 'correct', i: 'incorrect' } as const;

async function mark(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'steps', schema: { preset: 'agent-s-step-review' }, datasets: ['agent-s-sessions'], annotators: ['ana', 'ben'], seed: 1 });
  for (const [session, raters] of Object.entries(MARKS)) {
    const itemId = local.itemId(session);
    for (const [rater, steps] of Object.entries(raters)) {
      for (const [step, marks] of steps.entries()) {
        for (const [k, question] of (['state', 'action'] as const).entries()) {
          const letter = marks[k] as 'c' | 'i' | '-';
          if (letter !== '-') await local.api('labels.save', { task: 'steps', itemId, unit: `turn:${step}`, question, value: WORD[letter] }, rater);
        }
      }
    }
  }
}

async function reviewed(engine: TestEngine) {
  const ws = await engines.open(engine, [path.join(RELEASES, 'agent-s-sessions.jsonl')], mark);
  await ws.api('adjudication.setGold', { task: 'steps', itemId: ws.itemId('s-101'), unit: 'turn:4', question: 'action', value: 'incorrect' });
  return ws;
}

const brief = (g: { state: { correct: number; n: number }; action: { correct: number; n: number } }) => [g.state.correct, g.state.n, g.action.correct, g.action.n];

describe.each(ENGINES)('sopReview.report on %s', (engine) => {
  it('gives the consensus figures per SOP, model and both, with gold and the rule applied', async () => {
    const ws = await reviewed(engine);
    const report = await ws.api('sopReview.report', { task: 'steps' });
    expect([report.task, report.source, report.raters, report.sessions, report.otherItems]).toEqual(['steps', { kind: 'consensus' }, ['ana', 'ben'], 6, 0]);
    expect(report.figures.overall).toMatchObject({ sessions: 6, steps: 30, ruledSteps: 2, overriddenMarks: 1, stateUnmarked: 0, stateDisagreed: 1, actionUnmarked: 0, actionDisagreed: 0 });
    expect(brief(report.figures.overall)).toEqual([26, 29, 25, 26]);
    expect(report.figures.bySop.map((g) => [g.sop, ...brief(g)])).toEqual([
      ['listing-blocked', 14, 15, 14, 14],
      ['payment-hold', 12, 14, 11, 12],
    ]);
    expect(report.figures.byModel.map((g) => [g.model, ...brief(g)])).toEqual([
      ['gpt-4o-mini', 12, 13, 11, 12],
      ['llama-3.1-70b', 14, 16, 14, 14],
    ]);
    expect(report.figures.bySopAndModel.map((g) => [g.sop, g.model, ...brief(g)])).toEqual([
      ['listing-blocked', 'gpt-4o-mini', 7, 8, 7, 7],
      ['listing-blocked', 'llama-3.1-70b', 7, 7, 7, 7],
      ['payment-hold', 'gpt-4o-mini', 5, 5, 4, 5],
      ['payment-hold', 'llama-3.1-70b', 7, 9, 7, 7],
    ]);
    expect(report.ruled.map((r) => [r.itemId, r.sessionId, r.failedStep, r.ruledSteps])).toEqual([[ws.itemId('s-103'), 's-103', 2, [3, 4]]]);
  });

  it("gives one rater's figures alone, gold aside", async () => {
    const ws = await reviewed(engine);
    const ben = await ws.api('sopReview.report', { task: 'steps', rater: 'ben' });
    expect(ben.source).toEqual({ kind: 'rater', rater: 'ben' });
    expect(brief(ben.figures.overall)).toEqual([21, 25, 20, 21]);
    expect(ben.figures.overall).toMatchObject({ stateUnmarked: 5, overriddenMarks: 0 });
  });

  it('counts nothing on a task nobody marked but the steps the rule decides', async () => {
    const ws = await reviewed(engine);
    await ws.api('tasks.create', { name: 'unmarked', schema: { preset: 'agent-s-step-review' }, datasets: ['agent-s-sessions'], annotators: ['ana'], seed: 1 });
    const report = await ws.api('sopReview.report', { task: 'unmarked' });
    expect([report.raters, report.sessions, report.ruled.length]).toEqual([[], 6, 1]);
    // Only s-103's two ruled steps have a settled state (incorrect); no action is settled.
    expect(report.figures.overall).toMatchObject({ steps: 30, ruledSteps: 2, stateUnmarked: 28, overriddenMarks: 0 });
    expect(brief(report.figures.overall)).toEqual([0, 2, 0, 0]);
    expect(report.figures.overall.action.value).toBeNull();
  });

  it('refuses a task without the per-step questions, an unknown rater or task, and annotators', async () => {
    const ws = await reviewed(engine);
    await ws.api('tasks.create', { name: 'validity', schema: { preset: 'conversation-validity' }, datasets: ['agent-s-sessions'], annotators: ['ana'], seed: 1 });
    await expect(ws.api('sopReview.report', { task: 'validity' })).rejects.toMatchObject({
      code: 'invalid-input',
      message:
        'task "validity" does not ask "state" and "action" per step as a correct/incorrect question; create it with the agent-s-step-review schema (accord task create --schema agent-s-step-review)',
    });
    await expect(ws.api('sopReview.report', { task: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(ws.api('sopReview.report', { task: 'steps', rater: 'zed' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(ws.api('sopReview.report', { task: 'steps' }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
  });
});
