/**
 * The figures of an Agent-S SOP execution review (Kulkarni 2025): per SOP, per model and per
 * SOP × model, the **state accuracy** (steps where the agent was in the right SOP state, over
 * the steps judged) and the **action accuracy** (steps where it chose the right action, over
 * the steps judged whose state was correct — an action is only right or wrong relative to the
 * right state, so steps in a wrong state are left out of it, as the paper's action decision
 * is evaluated given the state decision).
 *
 * Steps incorrect by the continuation rule count as a wrong state (and so leave the action
 * figure), whatever an annotator marked; marks the rule overrides are counted and reported.
 * Steps without a settled judgement (not marked, or raters disagreeing without gold) are left
 * out and counted, so every figure says what it stands on.
 */

/** A settled answer to a per-step question, or why there is none. */
export type StepMark = 'correct' | 'incorrect' | 'disagreed' | null;

/** What the figures need of one session. */
export interface ReviewedSession {
  sessionId: string;
  sopId: string;
  model: string | null;
  /** Number of steps in the execution memory. */
  stepCount: number;
  /** 0-based steps incorrect by the continuation rule. */
  ruledSteps: readonly number[];
  /** The settled mark of each step (by 0-based index); a step absent here is unmarked. */
  marks: ReadonlyMap<number, { state: StepMark; action: StepMark }>;
}

/** A proportion with what it stands on; `value` is null (with a reason) when nothing was counted. */
export interface Accuracy {
  correct: number;
  n: number;
  value: number | null;
  reason?: string;
}

/** The figures of one group of sessions. */
export interface ReviewGroup {
  sessions: number;
  steps: number;
  /** Correct states over steps with a settled state (rule steps included, as incorrect). */
  state: Accuracy;
  /** Correct actions over steps whose state was correct and whose action is settled. */
  action: Accuracy;
  /** Steps incorrect by the continuation rule. */
  ruledSteps: number;
  /** Marks of "correct" on rule steps that the rule overrode. */
  overriddenMarks: number;
  /** Steps left out of the state figure: no mark, or raters disagreeing. */
  stateUnmarked: number;
  stateDisagreed: number;
  /** Steps with a correct state left out of the action figure: no mark, or raters disagreeing. */
  actionUnmarked: number;
  actionDisagreed: number;
}

/** The whole report: all sessions, then by SOP, by model, and by SOP and model. */
export interface ReviewFigures {
  overall: ReviewGroup;
  bySop: ({ sop: string } & ReviewGroup)[];
  byModel: ({ model: string } & ReviewGroup)[];
  bySopAndModel: ({ sop: string; model: string } & ReviewGroup)[];
}

/** How a session without a model is grouped. */
export const NO_MODEL = '(no model)';

/**
 * Computes {@link ReviewFigures}. Groups are listed by name.
 *
 * @example one session, 3 steps: marks state ✓ action ✓, state ✓ action ✗, state ✗ →
 *   state 2/3, action 1/2.
 */
export function sopReviewFigures(sessions: readonly ReviewedSession[]): ReviewFigures {
  const by = <K extends string>(key: (s: ReviewedSession) => string, name: K) =>
    groupBy(sessions, key).map(([value, group]) => ({ [name]: value, ...figuresOf(group) }) as { [P in K]: string } & ReviewGroup);
  return {
    overall: figuresOf(sessions),
    bySop: by((s) => s.sopId, 'sop'),
    byModel: by((s) => s.model ?? NO_MODEL, 'model'),
    bySopAndModel: groupBy(sessions, (s) => JSON.stringify([s.sopId, s.model ?? NO_MODEL])).map(([key, group]) => {
      const [sop, model] = JSON.parse(key) as [string, string];
      return { sop, model, ...figuresOf(group) };
    }),
  };
}

function groupBy(sessions: readonly ReviewedSession[], key: (s: ReviewedSession) => string): [string, ReviewedSession[]][] {
  const groups = new Map<string, ReviewedSession[]>();
  for (const session of sessions) {
    const k = key(session);
    const list = groups.get(k);
    if (list) list.push(session);
    else groups.set(k, [session]);
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function figuresOf(sessions: readonly ReviewedSession[]): ReviewGroup {
  const g = { steps: 0, stateCorrect: 0, stateN: 0, actionCorrect: 0, actionN: 0, ruled: 0, overridden: 0, stateUnmarked: 0, stateDisagreed: 0, actionUnmarked: 0, actionDisagreed: 0 };
  for (const session of sessions) {
    const ruled = new Set(session.ruledSteps);
    for (let step = 0; step < session.stepCount; step++) {
      g.steps++;
      const mark = session.marks.get(step) ?? { state: null, action: null };
      if (ruled.has(step)) {
        g.ruled++;
        g.stateN++;
        if (mark.state === 'correct' || mark.action === 'correct') g.overridden++;
        continue;
      }
      if (mark.state === null) g.stateUnmarked++;
      else if (mark.state === 'disagreed') g.stateDisagreed++;
      else {
        g.stateN++;
        if (mark.state === 'correct') {
          g.stateCorrect++;
          if (mark.action === null) g.actionUnmarked++;
          else if (mark.action === 'disagreed') g.actionDisagreed++;
          else {
            g.actionN++;
            if (mark.action === 'correct') g.actionCorrect++;
          }
        }
      }
    }
  }
  return {
    sessions: sessions.length,
    steps: g.steps,
    state: accuracy(g.stateCorrect, g.stateN, 'no step has a settled state mark'),
    action: accuracy(g.actionCorrect, g.actionN, 'no step with a correct state has a settled action mark'),
    ruledSteps: g.ruled,
    overriddenMarks: g.overridden,
    stateUnmarked: g.stateUnmarked,
    stateDisagreed: g.stateDisagreed,
    actionUnmarked: g.actionUnmarked,
    actionDisagreed: g.actionDisagreed,
  };
}

function accuracy(correct: number, n: number, reason: string): Accuracy {
  return n === 0 ? { correct, n, value: null, reason } : { correct, n, value: correct / n };
}
