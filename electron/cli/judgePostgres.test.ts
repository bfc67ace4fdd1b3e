import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copyWorkspace } from '../../db/copy/workspaceCopy';
import { dispatch } from '../services/dispatch';
import { runAccord } from '../testing/cliRun';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../testing/judgeFixtures';
import { usePostgres } from '../testing/postgres';
import { tempSession } from '../testing/tempWorkspace';

// Judge runs, their trash and label packs at the command line on a PostgreSQL workspace (issue
// 16): the same commands as on a file, with the workspace given as a postgres:// URL.

const postgres = usePostgres({ beforeAll, afterAll });
let server: FakeOpenAiServer;
let local: ReturnType<typeof tempSession>;
beforeEach(async () => {
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
  local = tempSession();
});
afterEach(async () => {
  local.dispose();
  await server.close();
});

/** A PostgreSQL workspace holding the task "judged" over `count` plans, with the annotator ana. */
async function judgedWorkspace(count: number): Promise<string> {
  await seedPlanTask(local.ctx, count, { annotators: ['ana'] });
  const url = await postgres.current.createDatabase();
  await copyWorkspace(local.ctx.workspacePath, url);
  return url;
}

describe('judge commands on a PostgreSQL workspace', () => {
  it('run a judge, list its runs, delete, restore and purge it', async () => {
    const url = await judgedWorkspace(3);
    const run = await runAccord(['judge', 'run', '--task', 'judged', '--judge', 'plan-quality', '--base-url', server.baseUrl, '--model', 'm', '--json', '-w', url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { id: number; status: string; ok: number };
    expect(summary).toMatchObject({ status: 'finished', ok: 3 });
    expect(server.requests).toHaveLength(3);

    const runs = await runAccord(['judge', 'runs', '--json', '-w', url]);
    expect(JSON.parse(runs.stdout).map((r: { id: number; ok: number }) => [r.id, r.ok])).toEqual([[summary.id, 3]]);
    // A resume of the finished run sends nothing again.
    expect((await runAccord(['judge', 'run', '--task', 'judged', '--resume', String(summary.id), '-w', url])).code).toBe(0);
    expect(server.requests).toHaveLength(3);
    const exported = await runAccord(['judge', 'export', '--run', String(summary.id), '-w', url]);
    expect(JSON.parse(exported.stdout)).toMatchObject({ id: 'plan-quality-reference' });

    expect((await runAccord(['judge', 'delete', '--run', String(summary.id), '-w', url])).code).toBe(0);
    expect(JSON.parse((await runAccord(['judge', 'runs', '--json', '-w', url])).stdout)).toEqual([]);
    expect((await runAccord(['judge', 'restore', '--run', String(summary.id), '-w', url])).code).toBe(0);
    expect(JSON.parse((await runAccord(['judge', 'runs', '--json', '-w', url])).stdout)).toHaveLength(1);

    expect((await runAccord(['judge', 'delete', '--run', String(summary.id), '-w', url])).code).toBe(0);
    const purged = await runAccord(['judge', 'purge', '--run', String(summary.id), '--yes', '--json', '-w', url]);
    expect(purged.stderr).toBe('');
    // A server database's backups are its own (pg_dump): none is written here.
    expect(JSON.parse(purged.stdout)).toMatchObject({ purged: true, backup: null });
    expect(JSON.parse((await runAccord(['judge', 'trash', '--json', '-w', url])).stdout)).toEqual([]);
  });

  it('export and merge a label pack', async () => {
    const url = await judgedWorkspace(2);
    const itemId = local.ctx.sql.one(local.ctx.sql.q.selectFrom('items').select('id').where('external_id', '=', 'q-0001'))!.id;
    // Ana labelled on her own copy of the workspace (the file), then merges her pack into the team's.
    const saved = await dispatch(local.ctx, 'labels.save', { task: 'judged', itemId, question: 'overall_quality', value: 'Good', secondsSpent: 3 }, { name: 'ana' });
    expect(saved.ok).toBe(true);
    const pack = path.join(local.dir, 'ana.pack.json');
    expect((await runAccord(['pack', 'export', '--task', 'judged', '--annotator', 'ana', '--out', pack, '-w', local.ctx.workspacePath])).code).toBe(0);
    const merged = await runAccord(['pack', 'import', pack, '--json', '-w', url]);
    expect(merged.stderr).toBe('');
    expect(JSON.parse(merged.stdout)).toMatchObject({ status: 'imported', applied: 1 });
    const back = path.join(local.dir, 'back.json');
    expect((await runAccord(['pack', 'export', '--task', 'judged', '--annotator', 'ana', '--out', back, '-w', url])).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(back, 'utf8')).labels).toEqual(JSON.parse(fs.readFileSync(pack, 'utf8')).labels);
  });
});
