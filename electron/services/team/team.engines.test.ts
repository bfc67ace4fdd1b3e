import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ApiReply, type MethodName } from '../../api/contract';
import { allowedFor, MATRIX_ARGS, MATRIX_CALLERS, refusedByAccess } from '../../testing/accessMatrix';
import type { AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { ENGINES, useEngines, type EngineWorkspace, type TestEngine } from '../../testing/engines';
import { startBrowserMode } from '../../transports/http/server';
import { everyWriteTwice } from '../../testing/writesTwice';
import { dispatch } from '../dispatch';
import { accessOfInviteToken, accessOfSessionToken, openTeamSession, type TeamAccess } from './teamAuth';

// Team sign-in on both engines (issue 16, "Done when": an invite token gives its holder exactly
// that person's access, and a revoked one gives nothing). Invites are made, redeemed for
// sessions and revoked through the query layer, on a workspace file and on PostgreSQL.

const engines = useEngines({ beforeAll, afterAll, afterEach });
const methods = Object.keys(contract) as MethodName[];

/** The access matrix's workspace (testing/accessMatrix.ts): ana on "quality", zed on "other", ada an adjudicator, lea a lead. */
async function people(local: AnnotationWorkspace): Promise<void> {
  await local.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  await local.api('annotators.upsert', { name: 'lea', role: 'lead' });
  await local.api('annotators.upsert', { name: 'zed', role: 'annotator' });
  await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'], seed: 1 });
  await local.api('tasks.create', { name: 'other', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['zed'], seed: 1 });
}

const open = (engine: TestEngine) => engines.open(engine, ['plans.jsonl'], people);

/** Methods whose access answer differs from what the declarations allow `name` (as the matrix counts them). */
async function accessMismatches(ws: EngineWorkspace, name: string): Promise<string[]> {
  const who = MATRIX_CALLERS.find((c) => c.claim !== null && 'name' in c.claim && c.claim.name === name)!;
  const mismatches: string[] = [];
  for (const method of methods) {
    const reply = await dispatch(ws.ctx, method, MATRIX_ARGS, { name });
    if (refusedByAccess(reply) === allowedFor(contract[method].access, who)) mismatches.push(`${method}: ${reply.ok ? 'ok' : reply.error.message}`);
  }
  return mismatches;
}

const person = (access: TeamAccess) => (access.ok ? [access.person, access.role] : ['nobody', access.reason]);

describe.each(ENGINES)('on %s', (engine) => {
  it('an invite, by bearer or by the session it opens, is exactly its person: the access matrix holds for each', async () => {
    const ws = await open(engine);
    // Weakest first: a lead's allowed calls may archive or trash "quality" (as in the matrix test).
    for (const name of ['ana', 'zed', 'ada', 'lea']) {
      const { token, invite } = await ws.api('invites.create', { person: name });
      // The owner acts as the first lead (lea).
      expect(invite).toMatchObject({ person: name, status: 'active', usedAt: null, createdBy: 'lea', sessions: 0 });
      const opened = await openTeamSession(ws.ctx, token);
      if (!opened.ok) throw new Error(opened.reason);
      const role = { ana: 'annotator', zed: 'annotator', ada: 'adjudicator', lea: 'lead' }[name];
      expect(person(await accessOfInviteToken(ws.ctx, token))).toEqual([name, role]);
      const session = accessOfSessionToken(ws.ctx, opened.sessionToken);
      expect(person(session)).toEqual([name, role]);
      expect(await accessMismatches(ws, session.ok ? session.person : 'nobody')).toEqual([]);
    }
    const listed = await ws.api('invites.list', {});
    expect(listed.map((i) => [i.person, i.status, i.sessions, i.usedAt !== null])).toEqual([
      ['lea', 'used', 1, true],
      ['ada', 'used', 1, true],
      ['zed', 'used', 1, true],
      ['ana', 'used', 1, true],
    ]);
  });

  it('a revoked invite gives nothing: its token, its open session and a new sign-in are all refused, saying who revoked it', async () => {
    const ws = await open(engine);
    const { token, invite } = await ws.api('invites.create', { person: 'lea', expires: '2d' });
    const opened = await openTeamSession(ws.ctx, token);
    expect(opened.ok).toBe(true);
    expect(await ws.api('invites.revoke', { id: invite.id })).toMatchObject({ revoked: true, sessionsEnded: 1, invite: { status: 'revoked', sessions: 0, revokedBy: 'lea' } });
    const reason = /^Your invite \(lea\) was revoked by lea; you are signed out/;
    expect(await accessOfInviteToken(ws.ctx, token)).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
    expect(accessOfSessionToken(ws.ctx, (opened as { sessionToken: string }).sessionToken)).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
    expect(await openTeamSession(ws.ctx, token)).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
    // Revoking again changes nothing; the list says so.
    expect(await ws.api('invites.revoke', { id: invite.id })).toMatchObject({ revoked: false, sessionsEnded: 0 });
    expect((await ws.api('invites.list', {})).map((i) => [i.person, i.status, i.sessions])).toEqual([['lea', 'revoked', 0]]);
  });

  it('an expired invite, a deactivated person and an unknown token let nobody in', async () => {
    const ws = await open(engine);
    const expiring = await ws.api('invites.create', { person: 'zed', expires: '1h' });
    await ws.ctx.sqlWrite((db) => db.run(db.q.updateTable('invites').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', expiring.invite.id)));
    expect(await accessOfInviteToken(ws.ctx, expiring.token)).toEqual({ ok: false, reason: 'Your invite (zed) expired on 2020-01-01T00:00:00.000Z; ask a lead for a new one.' });
    const { token } = await ws.api('invites.create', { person: 'ada' });
    await ws.api('annotators.deactivate', { name: 'ada' });
    expect(await accessOfInviteToken(ws.ctx, token)).toEqual({ ok: false, reason: 'ada was deactivated by a lead; their invites let nobody in.' });
    await ws.api('annotators.activate', { name: 'ada' });
    expect(person(await accessOfInviteToken(ws.ctx, token))).toEqual(['ada', 'adjudicator']);
    expect(await accessOfInviteToken(ws.ctx, 'f'.repeat(64))).toMatchObject({ ok: false, reason: expect.stringMatching(/not valid on this server/) });
    expect(accessOfSessionToken(ws.ctx, 'f'.repeat(64))).toMatchObject({ ok: false, reason: expect.stringMatching(/lets people in by invite/) });
    expect((await ws.api('invites.list', {})).map((i) => [i.person, i.status])).toEqual([
      ['ada', 'used'],
      ['zed', 'expired'],
    ]);
  });

  it('with every write run twice (as PostgreSQL runs one again after a serialization failure), an invite, its sessions and its revoke are each recorded once', async () => {
    const ws = await open(engine);
    const ctx = everyWriteTwice(ws.ctx);
    const call = async <M extends MethodName>(method: M, args: unknown): Promise<unknown> => {
      const reply = await dispatch(ctx, method, args, { owner: true });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.value;
    };
    const { token, invite } = (await call('invites.create', { person: 'zed' })) as { token: string; invite: { id: number } };
    const opened = await openTeamSession(ctx, token);
    expect(person(await accessOfInviteToken(ctx, token))).toEqual(['zed', 'annotator']);
    expect(person(accessOfSessionToken(ctx, (opened as { sessionToken: string }).sessionToken))).toEqual(['zed', 'annotator']);
    expect(await call('invites.revoke', { id: invite.id })).toMatchObject({ revoked: true, sessionsEnded: 1 });
    const db = ws.ctx.sql;
    expect(db.all(db.q.selectFrom('invites').select(['id', 'annotator_id']))).toHaveLength(1);
    expect(db.all(db.q.selectFrom('team_sessions').select('id'))).toHaveLength(1);
    expect(await ws.api('invites.list', {})).toMatchObject([{ id: invite.id, person: 'zed', status: 'revoked', revokedBy: 'lea' }]);
  });

  it('refuses invites for nobody, for a deactivated person, for too long, and to anyone but a lead', async () => {
    const ws = await open(engine);
    expect(await ws.api('invites.list', {})).toEqual([]);
    await expect(ws.api('invites.create', { person: 'nobody' })).rejects.toMatchObject({ code: 'not-found', message: 'nobody named "nobody" in this workspace (people: ada, ana, lea, zed); add them with their role first: accord annotators add nobody --role annotator|adjudicator|lead, or People › Add person… in the app' });
    await ws.api('annotators.deactivate', { name: 'zed' });
    await expect(ws.api('invites.create', { person: 'zed' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/deactivated/) });
    await expect(ws.api('invites.create', { person: 'ana', expires: '400d' })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(ws.api('invites.create', { person: 'ana' }, 'ada')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ws.api('invites.revoke', { id: 12345 })).rejects.toMatchObject({ code: 'not-found', message: 'no invite 12345 (accord invite list shows them)' });
    expect(await ws.api('invites.list', {})).toEqual([]);
  });
});

describe('accord serve --team on PostgreSQL', () => {
  it('signs a person in by invite over HTTP with exactly their access, signs one session out, and a revoke ends the rest on every method', async () => {
    const ws = await open('postgres');
    const server = await startBrowserMode({ workspacePath: ws.ctx.workspacePath, team: {} });
    try {
      const { token, invite } = await ws.api('invites.create', { person: 'ana' });
      const signIn = await fetch(`${server.baseUrl}api/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(await signIn.json()).toMatchObject({ ok: true, value: { mode: 'team', person: 'ana', role: 'annotator' } });
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
      const call = async (method: MethodName, headers: Record<string, string>, body: unknown = MATRIX_ARGS) => {
        const response = await fetch(`${server.baseUrl}api/call/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
        return { status: response.status, reply: (await response.json()) as ApiReply<unknown> };
      };
      const ana = MATRIX_CALLERS.find((c) => c.label === "the task's annotator")!;
      const mismatches: string[] = [];
      for (const method of methods) {
        for (const headers of [{ authorization: `Bearer ${token}` }, { cookie }] as Record<string, string>[]) {
          const { reply } = await call(method, headers);
          if (refusedByAccess(reply) === allowedFor(contract[method].access, ana)) mismatches.push(`${method}: ${reply.ok ? 'ok' : reply.error.message}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(await call('workspace.info', { cookie }, {})).toMatchObject({ status: 200, reply: { ok: true, value: { datasets: 1, items: 3 } } });
      expect(await call('datasets.list', { cookie }, {})).toMatchObject({ status: 200, reply: { ok: true, value: [{ name: 'plans', itemCount: 3 }] } });

      // Signing out ends that session only: its row goes, the invite still signs in.
      const session = async (headers: Record<string, string>) => (await fetch(`${server.baseUrl}api/session`, { headers })).json() as Promise<ApiReply<unknown>>;
      const second = (await fetch(`${server.baseUrl}api/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).headers.get('set-cookie')!.split(';')[0];
      expect(await session({ cookie: second })).toMatchObject({ ok: true, value: { person: 'ana', role: 'annotator' } });
      await fetch(`${server.baseUrl}api/session/end`, { method: 'POST', headers: { cookie: second } });
      expect(await session({ cookie: second })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/lets people in by invite/) } });
      expect(await session({ cookie })).toMatchObject({ ok: true, value: { person: 'ana' } });

      await ws.api('invites.revoke', { id: invite.id });
      const let_in: string[] = [];
      for (const method of methods) {
        for (const headers of [{ authorization: `Bearer ${token}` }, { cookie }] as Record<string, string>[]) {
          const { status, reply } = await call(method, headers);
          if (status !== 401 || reply.ok || !/was revoked by/.test(reply.error.message)) let_in.push(`${method}: ${status}`);
        }
      }
      expect(let_in).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('two servers on one database agree at once: a session opened on one ends when the invite is revoked through the other', async () => {
    const ws = await open('postgres');
    const [one, two] = [await startBrowserMode({ workspacePath: ws.ctx.workspacePath, team: {} }), await startBrowserMode({ workspacePath: ws.ctx.workspacePath, team: {} })];
    try {
      const signIn = async (base: string, token: string) => (await fetch(`${base}api/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).headers.get('set-cookie')!.split(';')[0];
      const call = async (base: string, method: MethodName, cookie: string, body: unknown = {}) => {
        const response = await fetch(`${base}api/call/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
        return { status: response.status, reply: (await response.json()) as ApiReply<unknown> };
      };
      const ana = await ws.api('invites.create', { person: 'ana' });
      const lea = await ws.api('invites.create', { person: 'lea' });
      const anaCookie = await signIn(one.baseUrl, ana.token);
      const leaCookie = await signIn(two.baseUrl, lea.token);
      expect((await call(one.baseUrl, 'datasets.list', anaCookie)).status).toBe(200);
      // ana's session, opened on the first server, is known to the second too (sessions are rows).
      expect((await call(two.baseUrl, 'datasets.list', anaCookie)).status).toBe(200);
      expect(await call(two.baseUrl, 'invites.revoke', leaCookie, { id: ana.invite.id })).toMatchObject({ status: 200, reply: { ok: true, value: { revoked: true, sessionsEnded: 1 } } });
      for (const base of [one.baseUrl, two.baseUrl]) {
        expect(await call(base, 'datasets.list', anaCookie)).toMatchObject({ status: 401, reply: { ok: false, error: { message: expect.stringContaining('Your invite (ana) was revoked by lea') } } });
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
