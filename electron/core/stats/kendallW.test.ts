import { describe, expect, it } from 'vitest';
import { kendallW } from './kendallW';
import { KENDALL_TEN_PROJECTS } from './testdata/published';

describe("Kendall's W", () => {
  it('reproduces the ten-projects example: ΣD² = 1048, W = 0.7939 (R friedman.test: χ² 28.58, p 0.000762)', () => {
    const w = kendallW(KENDALL_TEN_PROJECTS.map((row) => row.map((rank) => rank - 1)), 10);
    expect(w.value).toBeCloseTo((12 * 1048) / (16 * 990), 14);
    expect(w.chiSquare).toBeCloseTo(28.581818, 5);
    expect(w.p).toBeCloseTo(0.0007620801, 9);
  });

  it('is 1 when the raters rank alike and null when every rating ties', () => {
    expect(kendallW([[0, 0], [1, 1], [2, 2]], 3).value).toBeCloseTo(1, 14);
    expect(kendallW([[1, 1], [1, 1]], 3).reason).toMatch(/all ties/);
  });
});
