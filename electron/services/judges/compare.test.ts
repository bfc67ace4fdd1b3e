import { describe, expect, it } from 'vitest';
import { judgeServiceSession } from '../../testing/judgeServiceSession';
import { dispatch } from '../dispatch';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';
import type { RunSummary } from '../../api/contract';

// Walkthrough finding 9 (session 16): a run compared with itself was an internal error (HTTP 500).

const judge = judgeServiceSession({ respond: answerPlanQuality });

describe('judges.compare', () => {
  it('refuses a run compared with itself as invalid input, saying so', async () => {
    await seedPlanTask(judge.session.ctx, 2);
    const reply = await dispatch(judge.session.ctx, 'judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: judge.server.baseUrl, model: 'm' }, { owner: true });
    if (!reply.ok) throw new Error(reply.error.message);
    const run = reply.value as RunSummary;
    const same = await dispatch(judge.session.ctx, 'judges.compare', { runA: run.id, runB: run.id }, { owner: true });
    expect(same).toMatchObject({ ok: false, error: { code: 'invalid-input', message: `run ${run.id} compared with itself: give two different runs of the task` } });
  });
});
