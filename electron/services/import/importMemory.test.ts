import { constants, PerformanceObserver } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempSession } from '../../testing/tempWorkspace';
import { importFiles } from './importFiles';

let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
});
afterEach(() => ws.dispose());

/** Full collections forced on this thread (by the code, not by V8's own heuristics) while `run` runs. */
async function forcedCollections(run: () => Promise<unknown>): Promise<number> {
  let forced = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as unknown as { detail?: { kind?: number; flags?: number } }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR && (detail.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) forced++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await run();
    // GC entries are delivered asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    observer.disconnect();
  }
  return forced;
}

describe('the importing thread’s memory', () => {
  it('is collected in full every 32 MB of items written (the dead items would pile up in its old generation)', async () => {
    // 40 MB of payload in 400 conversations: more than one budget of 32 MB.
    const text = 'The customer explains the problem at length. '.repeat(2200);
    const lines = Array.from({ length: 400 }, (_, i) => JSON.stringify({ id: `c-${i}`, messages: [{ role: 'user', content: text }] }));
    const file = ws.file('long.jsonl', `${lines.join('\n')}\n`);
    const small = ws.file('small.jsonl', `${lines.slice(0, 20).join('\n')}\n`);
    let report: Awaited<ReturnType<typeof importFiles>> | undefined;
    expect(await forcedCollections(async () => (report = await importFiles(ws.ctx, [{ path: file, displayName: 'long.jsonl' }])))).toBeGreaterThanOrEqual(1);
    expect(report?.files[0]).toMatchObject({ status: 'imported', imported: 400 });
    expect(await forcedCollections(() => importFiles(ws.ctx, [{ path: small, displayName: 'small.jsonl' }]))).toBe(0);
  });
});
