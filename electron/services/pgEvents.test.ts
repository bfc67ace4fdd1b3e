import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvents, EventName } from '../api/contract';
import { usePostgres } from '../testing/postgres';
import { openPostgresSession, type PostgresSession } from './postgresSession';

// Two servers on one PostgreSQL workspace: what one emits reaches the browsers of both, once each.

const server = usePostgres({ beforeAll, afterAll });
const sessions: PostgresSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.close();
});

async function serverOn(url: string) {
  const heard: { event: EventName; payload: ApiEvents[EventName] }[] = [];
  const session = await openPostgresSession(url, { emit: (event, payload) => void heard.push({ event, payload }) });
  sessions.push(session);
  return { session, heard };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('live updates across servers (LISTEN/NOTIFY)', () => {
  it('delivers an event emitted on one server to every server, the sender included, once', async () => {
    const url = await server.current.createDatabase();
    const a = await serverOn(url);
    const b = await serverOn(url);
    a.session.ctx.emit('workspace.changed', { what: 'labels' });
    await until(() => a.heard.length > 0 && b.heard.length > 0, 'the event on both servers');
    // Another event after it proves the first was not delivered twice meanwhile.
    b.session.ctx.emit('workspace.changed', { what: 'gold' });
    await until(() => a.heard.length > 1 && b.heard.length > 1, 'the second event');
    for (const { heard } of [a, b]) {
      expect(heard).toEqual([
        { event: 'workspace.changed', payload: { what: 'labels' } },
        { event: 'workspace.changed', payload: { what: 'gold' } },
      ]);
    }
  });

  it('carries the progress of long work to browsers of the other server', async () => {
    const url = await server.current.createDatabase();
    const a = await serverOn(url);
    const b = await serverOn(url);
    const job = a.session.ctx.jobs.start('import of calls.jsonl');
    job.report(40, 100);
    await until(() => b.heard.some((h) => h.event === 'job.progress' && (h.payload as { done?: number }).done === 40), 'the progress on the other server');
    job.finish();
  });

  it('keeps an event too big for NOTIFY on its own server rather than lose it', async () => {
    const url = await server.current.createDatabase();
    const a = await serverOn(url);
    a.session.ctx.emit('workspace.changed', { what: 'x'.repeat(10_000) });
    expect(a.heard).toHaveLength(1);
  });
});
