import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkspace } from '../../../db/copy/workspaceCopy';
import type { ApiReply, MethodName, ResultOf } from '../../api/contract';
import { annotationWorkspace } from '../../testing/annotationWorkspace';
import { usePostgres } from '../../testing/postgres';
import { dispatch } from '../../services/dispatch';
import { startBrowserMode, type BrowserModeServer } from './server';

// The label-save hot path of a team (issue 16): two `accord serve --team` servers on one
// PostgreSQL, annotators coming in by invite over HTTP. Each opens their queue, reads an item,
// saves, undoes and submits through either server; blindness holds on both (another rater's
// labels never reach an annotator), and what one server wrote the other reads at once.

const postgres = usePostgres({ beforeAll, afterAll });
const servers: BrowserModeServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A PostgreSQL workspace of the plans fixture with the blind task "quality" for ana and ben, filled by workspace copy. */
async function teamDatabase(): Promise<string> {
  const local = await annotationWorkspace(['plans.jsonl']);
  try {
    await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 5 });
    await local.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    const url = await postgres.current.createDatabase();
    await copyWorkspace(local.ctx.workspacePath, url);
    return url;
  } finally {
    local.dispose();
  }
}

async function serve(url: string): Promise<BrowserModeServer> {
  const server = await startBrowserMode({ workspacePath: url, port: 0, team: {}, staticDir: import.meta.dirname });
  servers.push(server);
  return server;
}

/** Calls over HTTP with an invite, as a script does; resolves to the value, rejects with the reply's error. */
function as(server: BrowserModeServer, token: string) {
  return async <M extends MethodName>(method: M, args: unknown): Promise<ResultOf<M>> => {
    const response = await fetch(`${server.baseUrl}api/call/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(args),
    });
    const reply = (await response.json()) as ApiReply<ResultOf<M>>;
    if (!reply.ok) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
    return reply.value;
  };
}

describe('two team servers on one PostgreSQL', () => {
  it('serve the label-save hot path by invite, blind on both, each reading what the other wrote', async () => {
    const url = await teamDatabase();
    const one = await serve(url);
    const two = await serve(url);
    const invite = async (person: string) => {
      const reply = await dispatch(one.ctx, 'invites.create', { person }, { owner: true });
      if (!reply.ok) throw new Error(reply.error.message);
      return (reply.value as { token: string }).token;
    };
    const [ana, ben, ada] = [await invite('ana'), await invite('ben'), await invite('ada')];
    const anaOnOne = as(one, ana);
    const benOnTwo = as(two, ben);

    const queue = await anaOnOne('queue.get', { task: 'quality' });
    expect(queue).toMatchObject({ annotator: 'ana', progress: { assigned: 3, submitted: 0 } });
    const itemId = queue.current!.itemId;
    expect(await anaOnOne('items.get', { id: itemId })).toMatchObject({ id: itemId, kind: 'plan' });
    await anaOnOne('labels.save', { task: 'quality', itemId, question: 'overall_quality', value: 'Bad', secondsSpent: 2 });
    await anaOnOne('labels.save', { task: 'quality', itemId, question: 'overall_quality', value: 'Good', rationale: 'Right tool.', secondsSpent: 3 });
    expect(await anaOnOne('labels.undo', { task: 'quality', itemId })).toMatchObject({ label: { value: 'Bad' } });
    await anaOnOne('labels.save', { task: 'quality', itemId, question: 'overall_quality', value: 'Good', rationale: 'Right tool.' });
    expect((await anaOnOne('labels.submit', { task: 'quality', itemId })).alreadySubmitted).toBe(false);

    // ben, on the other server: ana's label is there, and hidden from him before and after he submits.
    expect(await benOnTwo('labels.list', { task: 'quality', itemId })).toMatchObject({ viewer: 'ben', others: [], hiddenRaters: 1 });
    expect((await benOnTwo('labels.save', { task: 'quality', itemId, question: 'overall_quality', value: 'Acceptable' })).visibleRaters).toEqual([]);
    await benOnTwo('labels.submit', { task: 'quality', itemId });
    expect(await benOnTwo('labels.list', { task: 'quality', itemId })).toMatchObject({ submitted: true, others: [], hiddenRaters: 1 });
    // Nor can he ask for ana's labels another way.
    await expect(benOnTwo('labels.export', { task: 'quality', format: 'csv' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(benOnTwo('packs.export', { task: 'quality', annotator: 'ana' })).rejects.toMatchObject({ code: 'forbidden' });

    // The adjudicator sees both answers from either server, and both servers count the same progress.
    for (const server of [one, two]) {
      const listed = await as(server, ada)('labels.list', { task: 'quality', itemId });
      expect(listed.others.map((l) => [l.rater, l.value, l.rationale])).toEqual([
        ['ana', 'Good', 'Right tool.'],
        ['ben', 'Acceptable', null],
      ]);
      const task = await as(server, ada)('tasks.get', { task: 'quality' });
      expect(task.progress.map((p) => [p.name, p.submitted, p.labels, p.secondsSpent])).toEqual([
        ['ana', 1, 1, 5],
        ['ben', 1, 1, 0],
      ]);
    }
    expect((await as(two, ada)('adjudication.queue', { task: 'quality' })).entries.map((e) => e.itemId)).toEqual([itemId]);
  });
});
