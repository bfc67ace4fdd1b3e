import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useEngines } from '../testing/engines';

// The services on the query layer (db/sql), run through the dispatcher on a workspace file and
// on a real PostgreSQL filled from the same fixtures: same answers, same refusals (issue 16).
// The rest of the services move over module by module (docs/team-server.md).

const engines = useEngines({ beforeAll, afterAll, afterEach });

describe.each(ENGINES)('on %s', (engine) => {
  it('resolves the caller and checks access in dispatch', async () => {
    const ws = await engines.open(engine);
    await ws.api('annotators.upsert', { name: 'ana', role: 'annotator' });
    // An annotator may not manage people: refused before the service runs, saying why.
    await expect(ws.api('annotators.upsert', { name: 'bo', role: 'annotator' }, 'ana')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/annotators\.upsert is for leads; ana is an annotator/) });
    await expect(ws.api('annotators.upsert', { name: 'bo', role: 'annotator' }, 'nobody')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('creates people, changes their role and lists them alike', async () => {
    const ws = await engines.open(engine);
    const created = await ws.api('annotators.upsert', { name: 'ana', role: 'annotator' });
    expect(created).toMatchObject({ name: 'ana', role: 'annotator', active: true, mergedInto: null });
    await ws.api('annotators.upsert', { name: 'ana', role: 'adjudicator' });
    // A name like an existing one but for case is refused (two records would split a person's labels).
    await expect(ws.api('annotators.upsert', { name: 'Ana', role: 'annotator' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/only by case or spacing/) });
    const people = await ws.api('annotators.list', {});
    expect(people.map((p) => [p.name, p.role, p.active])).toEqual([['ana', 'adjudicator', true]]);
    expect(people[0].id).toBe(created.id);
  });
});

describe.each(ENGINES)('"who are you?" on %s', (engine) => {
  it('creates the person on first use, refuses a deactivated one, and lists their tasks', async () => {
    const ws = await engines.open(engine);
    const first = await ws.api('annotators.identify', { name: 'ana' });
    expect(first).toMatchObject({ annotator: { name: 'ana', role: 'annotator', active: true }, created: true, tasks: [] });
    expect(await ws.api('annotators.identify', { name: 'ana' })).toMatchObject({ created: false });
    await ws.api('tasks.create', { name: 'review', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'], seed: 1 });
    const again = await ws.api('annotators.identify', { name: 'ana' });
    expect(again.tasks).toEqual([expect.objectContaining({ task: 'review', submitted: 0 })]);
    await ws.api('annotators.deactivate', { name: 'ana' });
    await expect(ws.api('annotators.identify', { name: 'ana' })).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"ana" is deactivated/) });
  });
});
