import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InputOf, MethodName, ResultOf } from '../../api/contract';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { startFakeOpenAiServer, status, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { seedPlanTask } from '../../testing/judgeFixtures';
import { describeCalibration } from '../../cli/commands/judgeText';

// Walkthrough finding 7 (session 16): a run whose calls all failed was told "no test can be run
// with 0 annotators on the judge's units", blaming the annotators who had labelled every item.

let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: () => status(400) });
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

async function ok<M extends MethodName>(method: M, args: InputOf<M>, as?: string): Promise<ResultOf<M>> {
  const reply = await dispatch(session.ctx, method, args, as === undefined ? { owner: true } : { name: as });
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.value as ResultOf<M>;
}

describe('judges.calibrate of a run that answered nothing', () => {
  it('says the judge answered no unit because its calls failed, and to retry them, not that annotators are missing', async () => {
    const { itemIds } = await seedPlanTask(session.ctx, 4, { annotators: ['ana', 'ben', 'cy'] });
    for (const annotator of ['ana', 'ben', 'cy']) {
      for (const itemId of itemIds) {
        await ok('labels.save', { task: 'judged', itemId, question: 'overall_quality', value: 'Good' }, annotator);
        await ok('labels.submit', { task: 'judged', itemId }, annotator);
      }
    }
    const run = await ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' });
    expect(run.ok).toBe(0);
    const report = await ok('judges.calibrate', { task: 'judged', run: run.id });
    const q = report.questions[0];
    expect(q.units).toBe(0);
    expect(q.noAnswers).toMatch(new RegExp(`^the judge answered no unit \\(\\d+ of 4 calls failed.*\\): retry the failed calls \\(resume run ${run.id}\\)$`));
    expect(q.verdict).toMatchObject({ verdict: 'insufficient', test: null, n: 0 });
    expect(q.verdict.message).toBe(`not enough evidence: ${q.noAnswers}`);
    const text = describeCalibration(report);
    expect(text).toContain(`verdict: not enough evidence: the judge answered no unit (`);
    expect(text).not.toMatch(/annotators? on the judge/);
  });
});
