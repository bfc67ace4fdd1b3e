/**
 * Property test of every interval in the agreement report: over thousands of seeded random
 * rating tables (2–6 raters, 2–6 levels, 2–80 units, missing ratings, skewed and degenerate
 * raters), no interval leaves its statistic's range, none has zero width, and every statistic
 * that is defined but has no interval says why ("not estimable: …"). Covers the Fisher-z
 * intervals (κ, weighted κ, AC1/AC2, Conger's κ), the F intervals of the six ICCs and every
 * bootstrap interval (including Fleiss' κ, Krippendorff's α in four metrics and Kendall's W).
 */
import { describe, expect, it } from 'vitest';
import { agreementReport } from './agreementReport';
import { type AgreementReport } from './agreementTypes';
import { ICC_TYPES, iccRange } from './icc';
import { Xoshiro128 } from './prng';
import { ratingTableFromMatrix } from './ratingTable';

const TABLES = 3000;

function randomMatrix(rng: Xoshiro128): { rows: (number | null)[][]; k: number } {
  const k = 2 + rng.nextBelow(5);
  const raters = 2 + rng.nextBelow(5);
  const units = 2 + rng.nextBelow(79);
  const missing = rng.nextBelow(4) === 0 ? rng.nextBelow(40) / 100 : 0;
  const agreement = rng.nextBelow(1001) / 1000;
  // Skewed prevalence, sometimes one level only, to reach the degenerate corners.
  const skew = rng.nextBelow(4) === 0 ? 8 : 1 + rng.nextBelow(3);
  const pick = (): number => Math.min(k - 1, Math.floor(k * (rng.nextBelow(1_000_000) / 1_000_000) ** skew));
  const rows = Array.from({ length: units }, () => {
    const truth = pick();
    return Array.from({ length: raters }, () => {
      if (rng.nextBelow(100) < missing * 100) return null;
      return rng.nextBelow(1000) < agreement * 1000 ? truth : pick();
    });
  });
  return { rows, k };
}

interface Found {
  path: string;
  ci95: [number, number] | null;
  value: number | null | undefined;
  reason: string | undefined;
}

/** Every object with a `ci95` key in the report, with the value it belongs to where known. */
function intervalsOf(report: AgreementReport): Found[] {
  const out: Found[] = [];
  const walk = (node: unknown, path: string, owner: Record<string, unknown> | null): void => {
    if (node === null || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if ('ci95' in obj && (obj.ci95 === null || Array.isArray(obj.ci95))) {
      out.push({
        path,
        ci95: obj.ci95 as [number, number] | null,
        value: 'value' in obj ? (obj.value as number | null) : undefined,
        reason: (obj.ciReason as string | undefined) ?? (obj.reason as string | undefined) ?? (owner?.reason as string | undefined),
      });
    }
    for (const [key, child] of Object.entries(obj)) walk(child, `${path}.${key}`, obj);
  };
  walk(report, 'report', null);
  return out;
}

/**
 * The range of the statistic at `path`: proportions [0, 1]; Fleiss' κ (−∞, 1] (with missing
 * ratings, units rated once enter the chance term but not the agreement, so κ = −P̄ₑ/(1 − P̄ₑ)
 * can fall below −1); every other coefficient [−1, 1].
 */
function rangeOf(path: string, report: AgreementReport): readonly [number, number] {
  if (/percentAgreement|kendallW/.test(path)) return [0, 1];
  if (/fleissKappa/.test(path)) return [-Infinity, 1];
  const icc = /icc\.estimates\.(\d)/.exec(path);
  if (icc) return iccRange(ICC_TYPES[Number(icc[1])], report.icc.raters);
  return [-1, 1];
}

describe('every interval respects its range and is never silently zero-width (property, 3,000 random tables)', () => {
  it('holds for point-estimate (Fisher z) and bootstrap intervals', () => {
    const rng = new Xoshiro128(20240917);
    let checked = 0;
    let notEstimable = 0;
    // Plain comparisons, with a message built only for a failure: an expect() per interval
    // (some 80,000 of them) cost more than the 3,000 reports they check.
    const failures: string[] = [];
    for (let t = 0; t < TABLES; t++) {
      const { rows, k } = randomMatrix(rng);
      const spread = rng.nextBelow(3) === 0;
      const levels = Array.from({ length: k }, (_, i) => ({ name: `L${i}`, value: spread ? i * i + i : i }));
      const type = k === 2 ? 'binary' : rng.nextBelow(2) === 0 ? 'nominal' : 'ordinal';
      const report = agreementReport(ratingTableFromMatrix(rows, levels), { type, bootstrap: 60, seed: t + 1 });
      for (const found of intervalsOf(report)) {
        const where = () => `table ${t} ${found.path}`;
        if (found.ci95 !== null) {
          const [low, high] = found.ci95;
          const [min, max] = rangeOf(found.path, report);
          if (!(Number.isFinite(low) && Number.isFinite(high))) failures.push(`${where()}: [${low}, ${high}] is not finite`);
          else if (!(low < high)) failures.push(`${where()}: [${low}, ${high}] has zero width`);
          else if (!(low >= min)) failures.push(`${where()}: ${low} below ${min}`);
          else if (!(high <= max)) failures.push(`${where()}: ${high} above ${max}`);
          checked++;
        } else if (found.value !== null) {
          if (!found.reason) failures.push(`${where()}: a defined statistic without an interval does not say why`);
          if (/not estimable/.test(found.reason ?? '')) notEstimable++;
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    // The generator reaches both kinds of outcome often.
    expect(checked).toBeGreaterThan(20_000);
    expect(notEstimable).toBeGreaterThan(1_000);
  }, 120_000);
});
