import { describe, expect, it } from 'vitest';
import { compareQuestion, rankSystems } from '../../core/judges/calibration/compareRuns';
import type { RunComparison, RunSummary } from '../../api/contract';
import { describeComparison, describeRun } from './judgeText';

const categories = [
  { name: 'pass', value: 1 },
  { name: 'fail', value: 0 },
];

/** Run 1 right on units 1–11 of 20 (55%), run 2 right on 1–10 and 12–16 (75%): 5 fixed, 1 regressed. Gold says pass throughout. */
function comparison(): RunComparison {
  const units = Array.from({ length: 20 }, (_, i) => `u${i + 1}`);
  const ratings = units.flatMap((unit, i) => [
    { unit, rater: 'A', value: i < 11 ? 'pass' : 'fail' },
    { unit, rater: 'B', value: i < 10 || (i >= 11 && i < 16) ? 'pass' : 'fail' },
  ]);
  const q = compareQuestion({ question: 'passes', tag: null, type: 'binary', categories, a: 'A', b: 'B', ratings, gold: new Map(units.map((u) => [u, 'pass'])), runNames: ['run 1', 'run 2'] });
  const run = (id: number) => ({ id, rater: `judge:j@m#${id}`, model: 'm', judge: 'j@1' });
  return { runA: run(1), runB: run(2), task: 't', questions: [q], rankings: [], skipped: [], itemIds: {} };
}

describe('describeComparison', () => {
  it('gives both accuracies with Wilson intervals and n, and the McNemar test instead of a bare “55% → 75%”', () => {
    const text = describeComparison(comparison());
    // Wilson 95% of 11/20 is 34.2%–74.2%, of 15/20 53.1%–88.8% (statsmodels proportion_confint(…, method='wilson')); scipy binomtest(1, 6, 0.5) p = 0.21875.
    expect(text).toContain('  accuracy vs gold 55.0% (Wilson 95% [34.2%, 74.2%]) → 75.0% ([53.1%, 88.8%]), n = 20: no evidence of a difference (n = 20, McNemar exact p = 0.219 on 5 fixed vs 1 regressed)');
  });

  it('gives Spearman’s ρ with its n and exact p, and says three systems are too few to tell', () => {
    const scores = [['banking', 0.9, 0.8], ['retail', 0.5, 0.6], ['telecom', 0.2, 0.1]].flatMap(([system, a, b]) => [
      { system: system as string, run: 'a' as const, score: a as number },
      { system: system as string, run: 'b' as const, score: b as number },
    ]);
    const text = describeComparison({ ...comparison(), rankings: [rankSystems('passes', 'domain', scores)] });
    // Exact one-sided p of ρ = 1 over 3 systems: 1/3! = 0.167 (scipy permutation_test, alternative='greater').
    expect(text).toContain('passes: systems by domain, Spearman ρ = 1.00 over 3 systems, exact permutation p = 0.167 (one-sided, ρ > 0): too few systems to tell\n');
  });
});

describe('describeRun', () => {
  // Walkthrough finding 8 (session 16): a run whose calls all failed printed "— finished", the reason only in --json.
  const run = (over: Partial<RunSummary>): RunSummary =>
    ({
      id: 6, judge: { id: 'plan-quality-reference', version: 'v1', title: 'Plan quality' }, task: 'pq3', taskId: 4, rater: 'judge:plan-quality-reference@m#6', model: 'm', baseUrl: 'http://127.0.0.1:11599/v1',
      status: 'finished', error: null, total: 30, ok: 0, invalid: 0, failed: 30, pending: 0, cacheHits: 0, requests: 0, promptTokens: 0, completionTokens: 0, cost: 0,
      problems: [{ status: 'failed', reason: 'connection failed (ECONNREFUSED)', count: 30 }],
      ...over,
    }) as RunSummary;

  it('says "finished with gaps", why the calls failed, and how to retry them', () => {
    const text = describeRun(run({}));
    expect(text.split('\n')[0]).toMatch(/ — finished with gaps: 30 failed$/);
    expect(text).toContain('\n  30 failed: connection failed (ECONNREFUSED)\n');
    expect(text).toContain('\n  retry the failed calls with: accord judge run --task 4 --resume 6\n');
  });

  it('says plain "finished" of a run with every call answered, and no retry', () => {
    const text = describeRun(run({ ok: 30, failed: 0, problems: [] }));
    expect(text.split('\n')[0]).toMatch(/ — finished$/);
    expect(text).not.toMatch(/retry|failed:/);
  });
});
