import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobById } from '../../db/queries/jobs';
import type { JobProgress, TaskAgreement } from '../api/contract';
import { dispatch } from '../services/dispatch';
import { seedAgreementLoad } from '../testing/agreementLoad';
import { usePostgres } from '../testing/postgres';
import { callOver, leaseHolderPid, seededTeamDatabase, TeamServers, until } from '../testing/teamServers';

// Issue 16, "stateless servers": a bootstrap is a job that outlives the server running it. Two
// real `accord serve --team --database` processes on one throwaway PostgreSQL; an agreement
// summary with 100,000 resamples over 2,000 units (seconds of work) is asked of one; the server
// holding its job is killed (SIGKILL) mid-bootstrap; the other takes the job over once the lease
// has run out and finishes it with the very figures (the seed fixes them): the request waiting on
// it answers them; if the killed server was the one asked, the job's result holds them, and the
// browser asking the other again gets them too.

const postgres = usePostgres({ beforeAll, afterAll });
const UNITS = 2_000;
const servers = new TeamServers();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  servers.stopAll();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A PostgreSQL workspace with the task `load` rated by three people, and the lead lee's invite. */
const teamDatabase = () => seededTeamDatabase(postgres, (ctx) => seedAgreementLoad(ctx, UNITS), cleanups);

/** The `job.progress` events a browser of the server at `base` hears, as they come. */
async function progressHeardAt(base: string, token: string): Promise<{ events: JobProgress[]; close(): void }> {
  const abort = new AbortController();
  const response = await fetch(`${base}api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  const events: JobProgress[] = [];
  const reader = response.body!.getReader();
  let text = '';
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        const data = /^event: job\.progress\ndata: (.*)$/m.exec(frame);
        if (data) events.push(JSON.parse(data[1]) as JobProgress);
      }
    }
  })().catch(() => {});
  return { events, close: () => abort.abort() };
}

/** A result without the time it was computed at, which is all that may differ. */
const timeless = (result: unknown): unknown => JSON.parse(JSON.stringify(result, (key, value: unknown) => (key === 'computedAt' ? undefined : value)));

describe('two team servers on one PostgreSQL, one killed mid-bootstrap', () => {
  it('the other finishes the agreement job and answers with the very figures', async () => {
    const { url, session, token } = await teamDatabase();
    const args = { task: 'load', bootstrap: 100_000, seed: 5, jobId: 'agreement-dialog-1' };
    // What a desktop computes in its request, on the same data.
    const reference = await dispatch(session.ctx, 'agreement.summary', args, { owner: true });
    if (!reference.ok) throw new Error(reference.error.message);

    const both = await Promise.all([servers.start(url), servers.start(url)]);
    const asked = both[0];
    const heard = await Promise.all(both.map((server) => progressHeardAt(server.base, token)));
    cleanups.push(() => heard.forEach((stream) => stream.close()));
    const answer = callOver<TaskAgreement>(asked.base, token, 'agreement.summary', args).then(
      (value) => ({ value }),
      (error: Error) => ({ error }),
    );
    const db = session.ctx.sql;
    const job = () => jobById(db, 1)!;
    await until(() => jobById(db, 1)?.state === 'running', 'a server to lease the agreement job');
    const holder = both.find((s) => s.pid === leaseHolderPid(job().leased_by))!;
    const survivor = both.find((s) => s !== holder)!;
    await holder.kill();
    // Killed mid-bootstrap: it left no result.
    expect(job()).toMatchObject({ kind: 'agreement', state: 'running', attempts: 1, result: null });

    let result: TaskAgreement;
    if (holder === asked) {
      // The asked server died with the request; the other still takes the job over and ends it.
      expect(await answer).toHaveProperty('error');
      await until(() => job().state === 'done', 'the other server to end the job');
      expect(timeless(JSON.parse(job().result!))).toEqual(timeless(reference.value));
      // The browser asks the other server again under its progress id: a job of its own.
      result = await callOver<TaskAgreement>(survivor.base, token, 'agreement.summary', args);
      expect(jobById(db, 2)).toMatchObject({ state: 'done', attempts: 1 });
    } else {
      const replied = await answer;
      if ('error' in replied) throw replied.error;
      result = replied.value;
      expect(db.all(db.q.selectFrom('jobs').select('id'))).toHaveLength(1);
    }
    expect(timeless(result)).toEqual(timeless(reference.value));
    // Taken over once the dead server's lease had run out, and ended by the other.
    expect(job()).toMatchObject({ state: 'done', attempts: 2, leased_by: null });
    // The survivor's browsers hear the bootstrap's progress under the dialog's id, to its end
    // (the last event may come just after the answer: events and answers take different ways).
    const survivorHeard = () => heard[both.indexOf(survivor)].events.filter((event) => event.jobId === args.jobId);
    await until(() => survivorHeard().some((event) => event.finished && event.done === 2 && event.total === 2), 'the end of the bootstrap to be heard', 10_000);
    // Two server starts, a copy of 2,000 rated items and two bootstraps of 100,000: minutes on a loaded machine.
  }, 180_000);
});
