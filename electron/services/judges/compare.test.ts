import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';
import type { RunSummary } from '../../api/contract';

// Walkthrough finding 9 (session 16): a run compared with itself was an internal error (HTTP 500).

let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

describe('judges.compare', () => {
  it('refuses a run compared with itself as invalid input, saying so', async () => {
    await seedPlanTask(session.ctx, 2);
    const reply = await dispatch(session.ctx, 'judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' }, { owner: true });
    if (!reply.ok) throw new Error(reply.error.message);
    const run = reply.value as RunSummary;
    const same = await dispatch(session.ctx, 'judges.compare', { runA: run.id, runB: run.id }, { owner: true });
    expect(same).toMatchObject({ ok: false, error: { code: 'invalid-input', message: `run ${run.id} compared with itself: give two different runs of the task` } });
  });
});
