import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type TestEngine } from '../../testing/engines';
import { RELEASES } from '../../testing/fixtures';

// The Agent-S review report over fixtures/releases/agent-s-sessions.jsonl, on a workspace file
// and on PostgreSQL alike (issue 16). The marks are chosen so that every branch of settling
// shows: unanimous marks, a disagreement settled by gold, one left disagreed, a step only one
// rater marked, and a human "correct" on a step the rule makes incorrect. Every expected figure
// is counted by hand in the comments. The marks are made on the file and copied up; the gold
// that settles a disagreement is set on the engine under test.

const engines = useEngines({ beforeAll, afterAll, afterEach });

// Per session, each rater's marks per step: `cc` = state correct, action correct; `ci`; `i-`
// (state incorrect, no action mark); `--` no mark. Steps are the sessions' 0-based indices.
const MARKS: Record<string, Record<string, string[]>> = {
  's-101': { ana: ['cc', 'cc', 'cc', 'cc', 'cc'], ben: ['cc', 'cc', 'cc', 'cc', 'ci'] }, // step 4's action settled by gold: incorrect
  's-102': { ana: ['cc', 'cc', 'cc', 'cc', 'cc'], ben: ['cc', 'cc', 'cc', 'cc', 'cc'] },
  's-103': { ana: ['cc', 'cc', 'cc', '--'], ben: ['cc', 'cc', '--', '--'] }, // steps 2–3 incorrect by rule; ana's step 2 overridden
  's-201': { ana: ['cc', 'cc', 'cc', 'cc', 'cc'], ben: ['--', '--', '--', '--', '--'] },
  's-202': { ana: ['cc', 'cc', 'cc', 'cc', 'cc', 'cc', 'cc'], ben: ['cc', 'cc', 'cc', 'cc', 'cc', 'cc', 'cc'] },
  's-203': { ana: ['cc', 'cc', 'ii', 'cc'], ben: ['cc', 'cc', 'ii', 'i-'] }, // step 3's state disagreed
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
    // State: s-101 5/5, s-102 5/5, s-103 2/4 (2 ruled), s-201 5/5 (ana alone), s-202 7/7, s-203 2/3 (step 3 disagreed) = 26/29.
    // Action (over correct states): 4/5 (gold), 5/5, 2/2, 5/5, 7/7, 2/2 = 25/26.
    expect(report.figures.overall).toMatchObject({ sessions: 6, steps: 30, ruledSteps: 2, overriddenMarks: 1, stateUnmarked: 0, stateDisagreed: 1, actionUnmarked: 0, actionDisagreed: 0 });
    expect(brief(report.figures.overall)).toEqual([26, 29, 25, 26]);
    expect(report.figures.overall.state.value).toBeCloseTo(26 / 29, 12);
    expect(report.figures.overall.action.value).toBeCloseTo(25 / 26, 12);
    // payment-hold = s-101..103: 12/14, 11/12; listing-blocked = s-201..203: 14/15, 14/14.
    expect(report.figures.bySop.map((g) => [g.sop, ...brief(g)])).toEqual([
      ['listing-blocked', 14, 15, 14, 14],
      ['payment-hold', 12, 14, 11, 12],
    ]);
    // gpt-4o-mini = s-101, s-201, s-203: 12/13, 11/12; llama-3.1-70b = s-102, s-103, s-202: 14/16, 14/14.
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
    expect(report.ruled).toEqual([
      {
        itemId: ws.itemId('s-103'),
        sessionId: 's-103',
        sopId: 'payment-hold',
        model: 'llama-3.1-70b',
        failedStep: 2,
        ruledSteps: [3, 4],
        reason: 'the agent continued past failed step 2 (get_payment_status) without repeating it or consulting external knowledge, so every later step of the session is incorrect',
      },
    ]);
  });

  it("gives one rater's figures alone, gold aside", async () => {
    const ws = await reviewed(engine);
    const ben = await ws.api('sopReview.report', { task: 'steps', rater: 'ben' });
    // ben: s-101 5/5, 4/5; s-102 5/5, 5/5; s-103 2/4, 2/2; s-201 unmarked (5); s-202 7/7, 7/7; s-203 2/4, 2/2 → 21/25, 20/21.
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

describe.each(ENGINES)('submitting an Agent-S session on %s', (engine) => {
  it('needs a state mark on every step but those incorrect by rule, and no action mark', async () => {
    const ws = await engines.open(engine, [path.join(RELEASES, 'agent-s-sessions.jsonl')], async (local) => {
      await local.api('tasks.create', { name: 'steps', schema: { preset: 'agent-s-step-review' }, datasets: ['agent-s-sessions'], annotators: ['ana'], seed: 1 });
    });
    const itemId = ws.itemId('s-103');
    // Steps 3 and 4 (turns 2 and 3) are decided by the rule; turns 0 and 1 need their state.
    await expect(ws.api('labels.submit', { task: 'steps', itemId }, 'ana')).rejects.toThrow('cannot submit s-103 yet; still unanswered: state on turns 0, 1');
    await ws.api('labels.save', { task: 'steps', itemId, unit: 'turn:0', question: 'state', value: 'correct' }, 'ana');
    await ws.api('labels.save', { task: 'steps', itemId, unit: 'turn:1', question: 'state', value: 'correct' }, 'ana');
    expect((await ws.api('labels.submit', { task: 'steps', itemId }, 'ana')).alreadySubmitted).toBe(false);
  });
});
