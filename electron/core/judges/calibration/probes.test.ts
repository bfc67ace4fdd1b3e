import { describe, expect, it } from 'vitest';
import { lengthBias, rerunProbe, responseLength } from './probes';

const categories = [
  { name: 'p', value: 1 },
  { name: 'f', value: 0 },
];
const run = (id: number, answers: string) => ({ run: id, answers: new Map([...answers].map((a, i) => [`u${i}`, a])) });

describe('stability and bias probes', () => {
  it('counts flips across reruns, with Fleiss κ among them as statsmodels computes it', () => {
    const probe = rerunProbe([run(1, 'ppfpfppfpp'), run(2, 'ppfpfpffpp'), run(3, 'pfpfppffpf')], categories, 'binary', { resamples: 500, seed: 1 });
    // Units where the three runs differ: u1, u2, u3, u4, u6, u9.
    expect(probe).toMatchObject({ units: 10, flips: 6, flipRate: 0.6 });
    // statsmodels 0.13.5: fleiss_kappa(aggregate_raters(runs as columns)[0]) = 0.16666666666666635
    expect(probe.kappa).toBeCloseTo(0.16666666666666635, 12);
    expect(probe.flipRateCi95![0]).toBeLessThan(0.6);
    expect(probe.flipRateCi95![1]).toBeGreaterThan(0.6);
    expect(probe.kappaCi95).not.toBeNull();
  });

  it('compares only the units every run answered, and needs two runs', () => {
    const partial = rerunProbe([run(1, 'ppf'), { run: 2, answers: new Map([['u0', 'p'], ['u2', 'p']]) }], categories, 'binary', { resamples: 0, seed: 1 });
    expect(partial).toMatchObject({ units: 2, flips: 1 });
    expect(rerunProbe([run(1, 'ppf')], categories, 'binary', { resamples: 0, seed: 1 }).reason).toMatch(/two runs/);
  });

  it('correlates score with response length: Spearman ρ with a Fisher-z interval (SE 1.06/√(n − 3))', () => {
    const scores = [1, 2, 2, 3, 3, 4, 5, 5, 6, 7];
    const lengths = [120, 90, 300, 310, 280, 500, 450, 800, 640, 900];
    const bias = lengthBias(scores.map((s, i) => [s, lengths[i]] as const));
    // scipy 1.10 spearmanr: 0.9113533389101539; tanh(atanh(ρ) ∓ 1.959964 · 1.06/√7) by hand.
    expect(bias.rho).toBeCloseTo(0.9113533389101539, 12);
    expect(bias.ci95![0]).toBeCloseTo(0.6352740210043095, 12);
    expect(bias.ci95![1]).toBeCloseTo(0.9808958252954513, 12);
    expect(lengthBias([[1, 2], [1, 3], [1, 5]]).reason).toMatch(/do not vary/);
    expect(lengthBias([[1, 2], [2, 3], [3, 5]])).toMatchObject({ rho: expect.closeTo(1, 12), ci95: null, reason: expect.stringMatching(/at least 4/) });
  });

  it('measures the response: a conversation’s assistant text, a plan as written', () => {
    expect(responseLength('conversation', { turns: [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'hi there' }, { role: 'assistant', content: null }] })).toBe(8);
    expect(responseLength('plan', { plan: 'step one' })).toBe(8);
    expect(responseLength('plan', { plan: { 1: 'a' } })).toBe(JSON.stringify({ 1: 'a' }).length);
    expect(responseLength('plan', {})).toBeNull();
  });
});
