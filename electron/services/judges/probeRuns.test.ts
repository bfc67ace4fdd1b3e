import { describe, expect, it } from 'vitest';
import { judgeServiceSession } from '../../testing/judgeServiceSession';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';
import { describeProbes } from '../../cli/commands/judgeEvidenceText';

// Walkthrough finding 2 (session 16): runs of one judge on different models are not reruns, so
// their flip rate is agreement between different models, not the judge's stability.

const judge = judgeServiceSession({ respond: answerPlanQuality });

describe('judges.probes', () => {
  it('calls runs on one model reruns, and runs on different models mixed, saying what differs and giving no stability figure', async () => {
    await seedPlanTask(judge.session.ctx, 4);
    const run = (model: string) => judge.ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: judge.server.baseUrl, model });
    const [a, b, c] = [await run('m'), await run('m'), await run('other')];
    const reruns = await judge.ok('judges.probes', { task: 'judged', runs: [a.id, b.id], question: 'overall_quality', resamples: 20, seed: 1 });
    expect([reruns.kind, reruns.mixedBy]).toEqual(['stability', null]);
    expect(describeProbes(reruns)).toMatch(/\(reruns of one judge version on one model\)\n[\s\S]* flip rate 0\.0% \(0 of 4 units/);

    const mixed = await judge.ok('judges.probes', { task: 'judged', runs: [a.id, b.id, c.id], question: 'overall_quality', resamples: 20, seed: 1 });
    expect([mixed.kind, mixed.mixedBy]).toEqual(['mixed', 'models m, other']);
    const text = describeProbes(mixed);
    expect(text).toContain('(different models m, other)');
    expect(text).toContain('not a stability probe: the runs are not reruns of one judge on one model (models m, other)');
    expect(text).not.toMatch(/flip rate/);
    expect(text).toMatch(/the runs disagree on 0\.0% of units \(0 of 4 units/);
  });
});
