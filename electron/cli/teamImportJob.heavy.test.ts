import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../services/dispatch';
import { importFiles } from '../services/import/importFiles';
import { openPostgresSession } from '../services/postgresSession';
import { plansJsonl } from '../testing/judgeFixtures';
import { usePostgres } from '../testing/postgres';
import { callOver, leaseHolderPid, TeamServers, until } from '../testing/teamServers';
import { tempSession } from '../testing/tempWorkspace';

// Issue 16, "Done when": a test kills one of two team servers during an import, and the job
// finishes on the other — nothing twice, nothing lost. Two real `accord serve --team --database`
// processes on one throwaway PostgreSQL sharing an upload folder; a generated file is uploaded
// and imported through one; the server holding the import job is killed (SIGKILL) mid-way; the
// other takes the job over after the lease, discards the half-written import and imports the
// file: the dataset once, every record once, each item's content hash as on SQLite. (Heavy: two
// server starts and 20,000 records imported three times take about half a minute.)

const postgres = usePostgres({ beforeAll, afterAll });
const RECORDS = 20_000;
const servers = new TeamServers();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  servers.stopAll();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('two team servers on one PostgreSQL, one killed mid-job', () => {
  it('an import goes on at the other server: its half-written import discarded, every record there once, hashes as on SQLite', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-team-import-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'plans.jsonl');
    fs.writeFileSync(file, plansJsonl(RECORDS));
    const shared = path.join(dir, 'shared-uploads');

    // The same file imported into a workspace file: the reference for every item's content hash.
    const local = tempSession();
    cleanups.push(() => local.dispose());
    await importFiles(local.ctx, [{ path: file, displayName: 'plans.jsonl' }], { dataset: 'big' });
    const expected = local.ctx.sql.all(local.ctx.sql.q.selectFrom('items').select(['external_id', 'content_hash']).orderBy('external_id'));
    expect(expected).toHaveLength(RECORDS);

    const url = await postgres.current.createDatabase();
    const session = await openPostgresSession(url);
    cleanups.push(() => session.close());
    for (const [method, args] of [['annotators.upsert', { name: 'lee', role: 'lead' }]] as const) {
      const reply = await dispatch(session.ctx, method, args, { owner: true });
      if (!reply.ok) throw new Error(reply.error.message);
    }
    const invite = await dispatch(session.ctx, 'invites.create', { person: 'lee' }, { owner: true });
    if (!invite.ok) throw new Error(invite.error.message);
    const token = (invite.value as { token: string }).token;
    const both = await Promise.all([servers.start(url, ['--upload-folder', shared]), servers.start(url, ['--upload-folder', shared])]);

    // The browser's way: upload the bytes to one server, then ask it to import them.
    const uploaded = await fetch(`${both[0].base}api/upload?name=plans.jsonl`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      body: fs.readFileSync(file),
    });
    const { value } = (await uploaded.json()) as { value: { uploadId: string } };
    // The request waits for the job; it fails if its server is the one killed.
    const request = callOver<{ files: { status: string; imported: number }[] }>(both[0].base, token, 'datasets.import', { sources: [{ uploadId: value.uploadId, name: 'plans.jsonl' }], dataset: 'big' }).catch(
      (error: Error) => error,
    );
    const db = session.ctx.sql;
    const job = () => db.one(db.q.selectFrom('jobs').selectAll().where('kind', '=', 'import'));
    await until(() => job()?.state === 'running', 'a server to lease the import job');
    const holder = leaseHolderPid(job()!.leased_by);
    const a = both.find((s) => s.pid === holder)!;
    // Mid-way: some of its rows are written (invisible), not all.
    const written = () => db.one(db.q.selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')))!.n;
    await until(() => written() >= 2_000, 'server A to write some of the records');
    await a.kill();
    const halfWritten = db.all(db.q.selectFrom('imports').select(['state', 'owner']));
    expect(halfWritten).toEqual([{ state: 'importing', owner: `${os.hostname()} ${holder}` }]);
    expect(written()).toBeLessThan(RECORDS);
    // Nobody sees the half-written dataset.
    expect(db.all(db.q.selectFrom('datasets').select(['name', 'state']))).toEqual([{ name: 'big', state: 'importing' }]);

    await until(() => job()?.state !== 'running' && job()?.state !== 'queued', 'the import job to end on the other server', 120_000);
    expect(job()).toMatchObject({ state: 'done', attempts: 2, error: null });
    expect(db.all(db.q.selectFrom('datasets').select(['name', 'state']))).toEqual([{ name: 'big', state: 'ready' }]);
    expect(db.all(db.q.selectFrom('imports').select(['state', 'item_count']))).toEqual([{ state: 'done', item_count: RECORDS }]);
    const got = db.all(db.q.selectFrom('items').select(['external_id', 'content_hash']).orderBy('external_id'));
    expect(got).toEqual(expected);
    // The request answered when its server survived.
    const answer = await request;
    if (!(answer instanceof Error)) expect(answer.files[0]).toMatchObject({ status: 'imported', imported: RECORDS });
    // Two server starts and three imports of 20,000 records: minutes on a loaded machine.
  }, 240_000);
});
