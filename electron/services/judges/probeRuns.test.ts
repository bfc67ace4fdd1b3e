import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InputOf, MethodName, ResultOf } from '../../api/contract';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';
import { describeProbes } from '../../cli/commands/judgeEvidenceText';

// Walkthrough finding 2 (session 16): runs of one judge on different models are not reruns, so
// their flip rate is agreement between different models, not the judge's stability.

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

async function ok<M extends MethodName>(method: M, args: InputOf<M>): Promise<ResultOf<M>> {
  const reply = await dispatch(session.ctx, method, args, { owner: true });
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.value as ResultOf<M>;
}

describe('judges.probes', () => {
  it('calls runs on one model reruns, and runs on different models mixed, saying what differs and giving no stability figure', async () => {
    await seedPlanTask(session.ctx, 4);
    const run = (model: string) => ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model });
    const [a, b, c] = [await run('m'), await run('m'), await run('other')];
    const reruns = await ok('judges.probes', { task: 'judged', runs: [a.id, b.id], question: 'overall_quality', resamples: 20, seed: 1 });
    expect([reruns.kind, reruns.mixedBy]).toEqual(['stability', null]);
    expect(describeProbes(reruns)).toMatch(/\(reruns of one judge version on one model\)\n[\s\S]* flip rate 0\.0% \(0 of 4 units/);

    const mixed = await ok('judges.probes', { task: 'judged', runs: [a.id, b.id, c.id], question: 'overall_quality', resamples: 20, seed: 1 });
    expect([mixed.kind, mixed.mixedBy]).toEqual(['mixed', 'models m, other']);
    const text = describeProbes(mixed);
    expect(text).toContain('(different models m, other)');
    expect(text).toContain('not a stability probe: the runs are not reruns of one judge on one model (models m, other)');
    expect(text).not.toMatch(/flip rate/);
    expect(text).toMatch(/the runs disagree on 0\.0% of units \(0 of 4 units/);
  });
});
