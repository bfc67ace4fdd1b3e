import fs from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../api/contract';
import { main } from '../../cli/main';
import { markRunForDeletion } from '../../../db/queries/judgeRunTrash';
import { createServiceContext } from '../context';
import { openSession } from '../session';
import { dispatch } from '../dispatch';
import { dumpWorkspace, tempSession } from '../../testing/tempWorkspace';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';

// Deleting a judge run (issue 13, rule 1): lead only, says what goes, moves it to a trash that
// restores every call and label, and purges only with the confirmation, after a backup.
let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
  await seedPlanTask(session.ctx, 6, { annotators: ['ana'] });
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

/** Calls a method as `as` (a name), or as the workspace's lead; throws the API error's code and message. */
async function call<T>(method: string, args: unknown, as?: string): Promise<T> {
  const reply = await dispatch(session.ctx, method, args, as === undefined ? { owner: true } : { name: as });
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value as T;
}
const runJudge = () =>
  call<RunSummary>('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'fake-model', prices: { '*': { input: 1, output: 2 } } });
const judgeLabels = async () => (await call<{ content: string }>('labels.export', { task: 'judged', format: 'jsonl' })).content.split('\n').filter((l) => l.includes('"raterKind":"judge"')).length;
const counts = () =>
  session.db
    .prepare('SELECT (SELECT count(*) FROM judge_calls) AS calls, (SELECT count(*) FROM labels) AS labels, (SELECT count(*) FROM label_events) AS events, (SELECT count(*) FROM judge_runs) AS runs')
    .get();

async function accord(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'accord', ...args, '-w', path.join(session.dir, 'test.accord')], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), stderrIsTTY: false });
  return { code, stdout, stderr };
}

describe('deleting a judge run', () => {
  it('is refused to an annotator, saying why', async () => {
    const run = await runJudge();
    for (const method of ['judges.deleteImpact', 'judges.delete', 'judges.restore']) {
      await expect(call(method, { run: run.id }, 'ana')).rejects.toThrow(/^forbidden: .*lead/);
    }
    await expect(call('judges.purge', { run: run.id, confirm: `run ${run.id}` }, 'ana')).rejects.toThrow(/^forbidden/);
    expect(await call<RunSummary[]>('judges.runs', {})).toHaveLength(1);
  });

  it('says what goes, hides the run and its labels everywhere, and restores every call and label', async () => {
    const run = await runJudge();
    expect(run).toMatchObject({ status: 'finished', ok: 6 });
    expect(await judgeLabels()).toBe(6);
    const before = dumpWorkspace(session.db);

    const impact = await call('judges.deleteImpact', { run: run.id });
    expect(impact).toEqual({
      run: run.id,
      task: 'judged',
      rater: run.rater,
      judge: `${run.judge.id}@${run.judge.version}`,
      model: 'fake-model',
      calls: { ok: 6, invalid: 0, failed: 0, cached: 0 },
      cost: run.cost,
      promptTokens: run.promptTokens,
      completionTokens: run.completionTokens,
      labels: 6,
      items: 6,
      labelEvents: 6,
      comparableRuns: [],
    });
    expect(run.cost).toBeGreaterThan(0);

    const deleted = await call<{ trashed: boolean }>('judges.delete', { run: run.id });
    expect(deleted).toMatchObject({ trashed: true, impact });
    expect(await call<RunSummary[]>('judges.runs', {})).toEqual([]);
    expect(await judgeLabels()).toBe(0);
    await expect(call('judges.calls', { run: run.id })).rejects.toThrow(/^not-found: no judge run/);
    await expect(call('judges.calibrate', { task: 'judged', run: run.id })).rejects.toThrow(/not-found/);
    expect(await call<{ id: number; trashedBy: string | null }[]>('judges.trash', {})).toMatchObject([{ id: run.id, task: 'judged', rater: run.rater, impact }]);
    // Deleting it again changes nothing.
    expect(await call('judges.delete', { run: run.id })).toMatchObject({ trashed: false });

    expect(await call('judges.restore', { run: run.id })).toEqual({ restored: true });
    expect(dumpWorkspace(session.db)).toEqual(before);
    expect(await judgeLabels()).toBe(6);
    expect(await call<RunSummary[]>('judges.runs', {})).toMatchObject([{ id: run.id, ok: 6 }]);
  });

  it('purges only a trashed run, with “run N” typed, after a backup', async () => {
    const run = await runJudge();
    const humans = await call<RunSummary>('judges.runs', {});
    expect(humans).toHaveLength(1);
    await expect(call('judges.purge', { run: run.id, confirm: `run ${run.id}` })).rejects.toThrow(/^conflict: judge run \d+ is not in the trash/);
    await call('judges.delete', { run: run.id });
    await expect(call('judges.purge', { run: run.id, confirm: 'yes' })).rejects.toThrow(`invalid-input: to delete judge run ${run.id} for good, type “run ${run.id}” exactly (got "yes")`);
    // A context whose backups go beside the workspace, to open the backup afterwards.
    const ctx = createServiceContext({ db: session.db, workspacePath: session.ctx.workspacePath, backupsRoot: path.join(session.dir, 'backups') });
    const reply = await dispatch(ctx, 'judges.purge', { run: run.id, confirm: `run ${run.id}` }, { owner: true });
    expect(reply).toMatchObject({ ok: true, value: { purged: true, impact: { labels: 6 } } });
    const backup = (reply as { value: { backup: string } }).value.backup;
    expect(path.basename(backup)).toMatch(/^\d{8}T\d{6}Z-before-purge-judge-run-\d+\.accord$/);
    const copy = new Database(backup, { readonly: true });
    expect(copy.prepare('SELECT count(*) FROM judge_calls').pluck().get()).toBe(6);
    copy.close();
    expect(counts()).toEqual({ calls: 0, labels: 0, events: 0, runs: 0 });
    expect(session.db.prepare("SELECT count(*) AS n FROM raters WHERE kind = 'judge'").get()).toEqual({ n: 0 });
  });
});

describe('a purge cut short', () => {
  it('is finished when the workspace is next opened', async () => {
    const run = await runJudge();
    await call('judges.delete', { run: run.id });
    // The purge hid the run for deletion, then the process died before its chunks ran.
    await session.write((db) => markRunForDeletion(db, run.id));
    session.close();
    const reopened = openSession({ workspacePath: path.join(session.dir, 'test.accord') });
    try {
      expect(reopened.db.prepare('SELECT (SELECT count(*) FROM judge_runs) AS runs, (SELECT count(*) FROM judge_calls) AS calls, (SELECT count(*) FROM labels) AS labels').get()).toEqual({
        runs: 0,
        calls: 0,
        labels: 0,
      });
    } finally {
      reopened.close();
      fs.rmSync(session.dir, { recursive: true, force: true });
    }
    session = tempSession(); // for afterEach
  });
});

describe('accord judge delete | trash | restore | purge', () => {
  it('dry-runs, deletes saying what goes, restores, and purges only with --yes', async () => {
    const run = await runJudge();
    const dry = await accord('judge', 'delete', '--run', String(run.id), '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`Deleting judge run ${run.id} would move to the trash:\n  6 calls (6 answered) with their raw responses\n`);
    expect(dry.stdout).toContain('  6 judge labels on 6 items of task “judged”, with 6 recorded changes\n');
    expect(dry.stdout).toMatch(/\(dry run: nothing changed\)\n$/);
    expect(await judgeLabels()).toBe(6);

    const deleted = await accord('judge', 'delete', '--run', String(run.id));
    expect(deleted.stdout).toMatch(new RegExp(`^Moved judge run ${run.id} to the trash, with:\\n`));
    expect(deleted.stdout).toContain(`Nothing is lost: accord judge restore --run ${run.id} brings it back.`);
    expect((await accord('judge', 'trash')).stdout).toContain(`run ${run.id}  ${run.rater}  deleted `);
    expect(await judgeLabels()).toBe(0);

    expect(await accord('judge', 'restore', '--run', String(run.id))).toMatchObject({ code: 0, stdout: `Restored judge run ${run.id}.\n` });
    expect(await judgeLabels()).toBe(6);

    await accord('judge', 'delete', '--run', String(run.id));
    const refused = await accord('judge', 'purge', '--run', String(run.id));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pass --yes to do it (a backup of the workspace is taken first)');
    expect(counts()).toMatchObject({ runs: 1, calls: 6 });
    const purged = await accord('judge', 'purge', '--run', String(run.id), '--yes');
    expect(purged.stdout).toMatch(new RegExp(`^Deleted judge run ${run.id} for good\\. Backup taken just before: .*before-purge-judge-run-${run.id}\\.accord\\n$`));
    expect(counts()).toMatchObject({ runs: 0, calls: 0 });
  });

  it('refuses an annotator with --as', async () => {
    const run = await runJudge();
    const refused = await accord('--as', 'ana', 'judge', 'delete', '--run', String(run.id));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/forbidden|lead/);
    expect(await judgeLabels()).toBe(6);
  });
});
