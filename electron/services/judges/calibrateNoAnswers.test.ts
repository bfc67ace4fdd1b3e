import { describe, expect, it } from 'vitest';
import { judgeServiceSession } from '../../testing/judgeServiceSession';
import { status } from '../../testing/fakeOpenAiServer';
import { seedPlanTask } from '../../testing/judgeFixtures';
import { describeCalibration } from '../../cli/commands/judgeText';

// Walkthrough finding 7 (session 16): a run whose calls all failed was told "no test can be run
// with 0 annotators on the judge's units", blaming the annotators who had labelled every item.

const judge = judgeServiceSession({ respond: () => status(400) });

describe('judges.calibrate of a run that answered nothing', () => {
  it('says the judge answered no unit because its calls failed, and to retry them, not that annotators are missing', async () => {
    const { itemIds } = await seedPlanTask(judge.session.ctx, 4, { annotators: ['ana', 'ben', 'cy'] });
    for (const annotator of ['ana', 'ben', 'cy']) {
      for (const itemId of itemIds) {
        await judge.ok('labels.save', { task: 'judged', itemId, question: 'overall_quality', value: 'Good' }, annotator);
        await judge.ok('labels.submit', { task: 'judged', itemId }, annotator);
      }
    }
    const run = await judge.ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: judge.server.baseUrl, model: 'm' });
    expect(run.ok).toBe(0);
    const report = await judge.ok('judges.calibrate', { task: 'judged', run: run.id });
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
