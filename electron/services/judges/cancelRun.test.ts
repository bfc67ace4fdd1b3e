import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../api/contract';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, itemMarker, seedPlanTask } from '../../testing/judgeFixtures';

let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: answerPlanQuality, latencyMs: 60 });
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

const runArgs = (over: Record<string, unknown> = {}) => ({ task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model', concurrency: 3, ...over });

/** Calls a method through the contract, as the runs table does; throws the API error's code and message. */
async function call<T>(ctx: typeof session.ctx, method: string, args: unknown): Promise<T> {
  const reply = await dispatch(ctx, method, args, { owner: true });
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value as T;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe('judges.cancel', () => {
  it('cancels a run left going in the background by its id, and the resume sends no item twice', async () => {
    await seedPlanTask(session.ctx, 30);
    // Started with no job id the caller keeps: all the runs table knows is the run's id.
    const running = call<RunSummary>(session.ctx, 'judges.run', runArgs());
    // A run under way is counted from its calls recorded so far (its own columns are written when it stops).
    let listed: RunSummary | undefined;
    while (!listed || listed.ok < 3) {
      await new Promise((r) => setTimeout(r, 10));
      [listed] = await call<RunSummary[]>(session.ctx, 'judges.runs', {});
    }
    expect(listed.status).toBe('running');
    expect(listed.requests).toBe(listed.ok);
    expect(listed.pending).toBe(30 - listed.ok);

    expect(await call(session.ctx, 'judges.cancel', { run: listed.id })).toEqual({ cancelled: true });
    const cancelled = await running;
    expect(cancelled).toMatchObject({ id: listed.id, status: 'cancelled' });
    expect(cancelled.pending).toBeGreaterThan(0);
    // Calls in flight at the cancel finished and were recorded: every request sent is an answer kept.
    expect(cancelled.ok).toBe(server.requests.length);
    expect(cancelled.requests).toBe(server.requests.length);
    // A stopped run is not cancelled again.
    expect(await call(session.ctx, 'judges.cancel', { run: listed.id })).toEqual({ cancelled: false });

    server.setLatency(0);
    const resumed = await call<RunSummary>(session.ctx, 'judges.run', { task: 'judged', resume: listed.id });
    expect(resumed).toMatchObject({ id: listed.id, status: 'finished', ok: 30, pending: 0, requests: 30 });
    const perItem = new Map<string, number>();
    for (const r of server.requests) perItem.set(itemMarker(r)!, (perItem.get(itemMarker(r)!) ?? 0) + 1);
    expect(perItem.size).toBe(30);
    expect([...perItem.values()].every((n) => n === 1)).toBe(true);
  });

  it('names an unknown run, and refuses a run recorded as running that this process does not run', async () => {
    await seedPlanTask(session.ctx, 3);
    await expect(call(session.ctx, 'judges.cancel', { run: 99 })).rejects.toThrow('not-found: no judge run 99');
    const run = await call<RunSummary>(session.ctx, 'judges.run', runArgs());
    // What a process killed mid-run leaves behind (or a run the CLI is running elsewhere).
    await session.write((db) => db.prepare("UPDATE judge_runs SET status = 'running', finished_at = NULL WHERE id = ?").run(run.id));
    await expect(call(session.ctx, 'judges.cancel', { run: run.id })).rejects.toThrow(
      `conflict: run ${run.id} is recorded as running, but not by this app: another process runs it (the accord CLI; stop it there), or the process that ran it died — then resume it with: accord judge run --task "judged" --resume ${run.id}`,
    );
  });

  it('cancels only the run of its own workspace when two are open in one process', async () => {
    await seedPlanTask(session.ctx, 20);
    const other = tempSession();
    try {
      await seedPlanTask(other.ctx, 2);
      // Both workspaces have a run 1: the other's is finished and then looks stale-running.
      const stale = await call<RunSummary>(other.ctx, 'judges.run', runArgs());
      await other.write((db) => db.prepare("UPDATE judge_runs SET status = 'running' WHERE id = ?").run(stale.id));
      const before = server.requests.length;
      const running = call<RunSummary>(session.ctx, 'judges.run', runArgs({ concurrency: 2 }));
      await until(() => server.requests.length >= before + 2);
      const [mine] = await call<RunSummary[]>(session.ctx, 'judges.runs', {});
      expect(mine.id).toBe(stale.id);
      await expect(call(other.ctx, 'judges.cancel', { run: stale.id })).rejects.toThrow(/^conflict: /);
      // The other workspace's cancel did not reach this run: it finishes.
      expect(await running).toMatchObject({ status: 'finished', ok: 20 });
    } finally {
      other.dispose();
    }
  });
});
