import { describe, expect, it } from 'vitest';
import { sopReviewFigures, type ReviewedSession, type StepMark } from './sopReviewFigures';

const marks = (...list: [StepMark, StepMark][]) => new Map(list.map(([state, action], i) => [i, { state, action }]));
const session = (sessionId: string, sopId: string, model: string | null, stepCount: number, ruledSteps: number[], m: ReturnType<typeof marks>): ReviewedSession => ({
  sessionId,
  sopId,
  model,
  stepCount,
  ruledSteps,
  marks: m,
});

// Four sessions, two SOPs × two models, every number below counted by hand:
// a (pay, m1): ✓✓ ✓✗ ✗·          state 2/3, action 1/2 (step 3's state is wrong: no action)
// b (pay, m2): ✓✓ ✓✓ [rule ✓✓] [rule ··]   state 2/4 (2 rule steps count as wrong), action 2/2; 1 overridden mark
// c (list, m1): ✓✓ ✓? ··           state 2/2 (step 3 unmarked), action 1/1 (step 2's action unmarked)
// d (list, m2): ✓✗ ??(disagreed) ✓(action disagreed)   state 2/2 (1 state disagreed), action 0/1 (1 action disagreed)
const SESSIONS = [
  session('a', 'pay', 'm1', 3, [], marks(['correct', 'correct'], ['correct', 'incorrect'], ['incorrect', null])),
  session('b', 'pay', 'm2', 4, [2, 3], marks(['correct', 'correct'], ['correct', 'correct'], ['correct', 'correct'], [null, null])),
  session('c', 'list', 'm1', 3, [], marks(['correct', 'correct'], ['correct', null], [null, null])),
  session('d', 'list', 'm2', 3, [], marks(['correct', 'incorrect'], ['disagreed', 'correct'], ['correct', 'disagreed'])),
];

describe('sopReviewFigures', () => {
  const figures = sopReviewFigures(SESSIONS);

  it('counts rule steps as wrong states, and actions only where the state was correct', () => {
    // State: a 2/3 + b 2/4 + c 2/2 + d 2/2 = 8/11. Action: a 1/2 + b 2/2 + c 1/1 + d 0/1 = 4/6.
    expect(figures.overall).toEqual({
      sessions: 4,
      steps: 13,
      state: { correct: 8, n: 11, value: 8 / 11 },
      action: { correct: 4, n: 6, value: 4 / 6 },
      ruledSteps: 2,
      overriddenMarks: 1,
      stateUnmarked: 1,
      stateDisagreed: 1,
      actionUnmarked: 1,
      actionDisagreed: 1,
    });
  });

  it('gives each SOP and each model its own figures with their n', () => {
    expect(figures.bySop.map((g) => [g.sop, g.state.correct, g.state.n, g.action.correct, g.action.n])).toEqual([
      ['list', 4, 4, 1, 2],
      ['pay', 4, 7, 3, 4],
    ]);
    expect(figures.byModel.map((g) => [g.model, g.state.correct, g.state.n, g.action.correct, g.action.n])).toEqual([
      ['m1', 4, 5, 2, 3],
      ['m2', 4, 6, 2, 3],
    ]);
    expect(figures.bySopAndModel.map((g) => [g.sop, g.model, g.state.value, g.action.value])).toEqual([
      ['list', 'm1', 1, 1],
      ['list', 'm2', 1, 0],
      ['pay', 'm1', 2 / 3, 1 / 2],
      ['pay', 'm2', 2 / 4, 1],
    ]);
  });

  it('leaves a figure with nothing counted undefined, with the reason, and groups sessions without a model', () => {
    const empty = sopReviewFigures([session('e', 'pay', null, 2, [], marks())]);
    expect(empty.overall.state).toEqual({ correct: 0, n: 0, value: null, reason: 'no step has a settled state mark' });
    expect(empty.overall.action.reason).toBe('no step with a correct state has a settled action mark');
    expect(empty.byModel[0]!.model).toBe('(no model)');
  });
});
