import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { GarbageBudget, HeapGrowthBudget } from './collectGarbage';

describe('GarbageBudget', () => {
  it('collects once each time the budget is spent, then counts afresh', () => {
    let collections = 0;
    const budget = new GarbageBudget(100, () => collections++);
    budget.spend(60);
    expect(collections).toBe(0);
    budget.spend(60);
    expect(collections).toBe(1);
    budget.spend(99);
    expect(collections).toBe(1);
    budget.spend(1);
    expect(collections).toBe(2);
  });

  it('uses the real collector by default: a full (major) collection runs', async () => {
    const majors: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (((entry as unknown as { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(entry.startTime);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      const before = performance.now();
      new GarbageBudget(1).spend(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(majors.some((t) => t >= before)).toBe(true);
    } finally {
      observer.disconnect();
    }
  });
});

describe('HeapGrowthBudget', () => {
  it('collects once the old generation has grown by the budget since the last collection', () => {
    let used = 100;
    let collections = 0;
    const budget = new HeapGrowthBudget(50, () => {
      collections++;
      used = 110;
    }, () => used);
    used = 149;
    budget.check();
    expect(collections).toBe(0);
    used = 150;
    budget.check();
    expect(collections).toBe(1);
    used = 159;
    budget.check();
    expect(collections).toBe(1);
    used = 160;
    budget.check();
    expect(collections).toBe(2);
  });
});
