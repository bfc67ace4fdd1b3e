import { runJudge } from '../../electron/services/judges/runJudge';
import { seedPlanTask } from '../../electron/testing/judgeFixtures';
import { startRemoteFakeServer } from '../../electron/testing/remoteFakeServer';
import { tempSession } from '../../electron/testing/tempWorkspace';

const ITEMS = 1000;
const LATENCY_MS = 50;
const CONCURRENCY = 16;

/**
 * Issue 6 item 7: a judge run over 1,000 items against the local fake endpoint answering each
 * request after 50 ms, 16 requests in flight. The ideal wall time is 1000 × 50 / 16 ms (the
 * endpoint's latency, perfectly overlapped); target ≤ 1.25× of it. Then a rerun of the same
 * requests, which the cache must answer without one request.
 */
export async function benchJudges(): Promise<void> {
  const session = tempSession();
  // The endpoint runs in a process of its own, as a real one would: its work is not the client's.
  const server = await startRemoteFakeServer(LATENCY_MS);
  try {
    const { task } = await seedPlanTask(session.ctx, ITEMS);
    const args = {
      task,
      judge: { preset: 'plan-quality' },
      baseUrl: server.baseUrl,
      model: 'bench-model',
      headers: {},
      concurrency: CONCURRENCY,
      timeoutMs: 30_000,
      maxAttempts: 3,
      noCache: false,
      prices: { 'bench-model': { input: 0.15, output: 0.6 } },
    };
    const started = performance.now();
    const run = await runJudge(session.ctx, args);
    const wallMs = performance.now() - started;
    if (run.ok !== ITEMS) throw new Error(`the bench run labelled ${run.ok} of ${ITEMS} items (${run.failed} failed, ${run.invalid} invalid)`);
    const idealMs = (ITEMS * LATENCY_MS) / CONCURRENCY;
    const ratio = wallMs / idealMs;

    const sentBefore = await server.requestCount();
    const rerunStarted = performance.now();
    const rerun = await runJudge(session.ctx, args);
    const rerunMs = performance.now() - rerunStarted;
    const rerunRequests = (await server.requestCount()) - sentBefore;

    console.log(`\njudges: ${ITEMS.toLocaleString('en')} items, fake endpoint at ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}`);
    console.log(`  judge run         ${(wallMs / 1000).toFixed(2)} s   ${Math.round(ITEMS / (wallMs / 1000))} items/s   ${run.requests} requests   cost ${run.cost?.toFixed(4)}`);
    console.log(`  ideal (1000 × 50 / 16 ms)   ${(idealMs / 1000).toFixed(3)} s`);
    console.log(`  ratio to ideal    ${ratio.toFixed(2)}× (target ≤ 1.25×: ${ratio <= 1.25 ? 'met' : 'NOT met'})`);
    console.log(`  cached rerun      ${(rerunMs / 1000).toFixed(2)} s   ${rerunRequests} requests sent (target 0: ${rerunRequests === 0 ? 'met' : 'NOT met'})   ${rerun.cacheHits} from cache`);
  } finally {
    await server.close();
    session.dispose();
  }
}
