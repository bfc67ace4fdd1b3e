import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempSession } from '../../testing/tempWorkspace';
import type * as CollectGarbage from './collectGarbage';
import { importFiles } from './importFiles';

// The importing thread's old generation is collected whenever it has grown by 32 MB: dead items
// would pile up there by the hundred MB (peak memory: npm run bench -- import). What grows it
// depends on V8's timing, so this checks the wiring; collectGarbage.test.ts the budget itself.
const budget = vi.hoisted(() => ({ growth: [] as number[], checks: 0 }));
vi.mock('./collectGarbage', async (original) => ({
  ...(await original<typeof CollectGarbage>()),
  HeapGrowthBudget: class {
    constructor(growth: number) {
      budget.growth.push(growth);
    }
    check() {
      budget.checks++;
    }
  },
}));

let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
  budget.growth = [];
  budget.checks = 0;
});
afterEach(() => ws.dispose());

describe('the importing thread’s memory', () => {
  it('is checked before every chunk is written, against a budget of 32 MB of growth', async () => {
    // 3 MB of payload: three chunks of 1 MB.
    const text = 'The customer explains the problem at length. '.repeat(200);
    const lines = Array.from({ length: 330 }, (_, i) => JSON.stringify({ id: `c-${i}`, messages: [{ role: 'user', content: text }] }));
    const file = ws.file('long.jsonl', `${lines.join('\n')}\n`);
    const report = await importFiles(ws.ctx, [{ path: file, displayName: 'long.jsonl' }]);
    expect(report.files[0]).toMatchObject({ status: 'imported', imported: 330 });
    expect(budget.growth).toEqual([32 * 1024 * 1024]);
    expect(budget.checks).toBeGreaterThanOrEqual(3);
  });
});
