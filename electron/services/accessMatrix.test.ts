import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '../api/access';
import { contract, type ApiReply, type MethodName } from '../api/contract';
import { startBrowserMode, type BrowserModeServer } from '../transports/http/server';
import type { AnnotationWorkspace } from '../testing/annotationWorkspace';
import { accessMatrixWorkspace, allowedFor, MATRIX_ARGS, MATRIX_CALLERS, refusedByAccess } from '../testing/accessMatrix';
import { assertAccessDeclared } from './access';
import { dispatch } from './dispatch';

// One table-driven test of who may call what (STYLE.md, "Access declared with the method"):
// every contract method, called as every kind of caller, in process and over HTTP, is refused
// exactly when its declaration says so. A new method is covered the day it is added; one whose
// rule is wrong or missing fails here (and a missing rule is a type error and a start-up refusal).

const CALLERS = MATRIX_CALLERS;
const allowed = allowedFor;
const ARGS = MATRIX_ARGS;

let ws: AnnotationWorkspace;
let server: BrowserModeServer;

beforeAll(async () => {
  ws = await accessMatrixWorkspace();
  server = await startBrowserMode({ workspacePath: ws.ctx.workspacePath, token: 'matrix-token' });
});
afterAll(async () => {
  await server.close();
  ws.dispose();
});

async function overHttp(method: string, claim: Claim): Promise<ApiReply<unknown> | 'no-owner-over-http'> {
  // Browser mode names a person or nobody; only the CLI speaks for the owner.
  if (claim !== null && 'owner' in claim) return 'no-owner-over-http';
  const headers: Record<string, string> = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  if (claim) headers['x-accord-as'] = encodeURIComponent(claim.name);
  const response = await fetch(`${server.baseUrl}api/call/${method}`, { method: 'POST', headers, body: JSON.stringify(ARGS) });
  return (await response.json()) as ApiReply<unknown>;
}

const methods = Object.keys(contract) as MethodName[];

describe('access, declared with each method and enforced in dispatch', () => {
  it('every method declares its access; a table without one is refused at start-up', () => {
    expect(() => assertAccessDeclared()).not.toThrow();
    expect(() => assertAccessDeclared({ 'a.b': { access: 'lead' }, 'c.d': {} })).toThrow('API methods without a declared access rule: c.d');
  });

  for (const who of CALLERS) {
    it(`answers ${who.label} exactly as every declaration says, in process and over HTTP`, async () => {
      const mismatches: string[] = [];
      for (const method of methods) {
        const expected = allowed(contract[method].access, who);
        const replies = [await dispatch(ws.ctx, method, ARGS, who.claim), await overHttp(method, who.claim)];
        for (const [transport, reply] of replies.entries()) {
          if (reply === 'no-owner-over-http') continue;
          const refused = refusedByAccess(reply);
          if (refused === expected) mismatches.push(`${method} ${transport === 0 ? 'in process' : 'over HTTP'}: ${expected ? 'refused' : 'allowed'} (${reply.ok ? 'ok' : reply.error.message})`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('refuses an argument the contract does not declare instead of dropping it (a stale "who am I" name acts as nobody else)', async () => {
    const reply = await dispatch(ws.ctx, 'labels.list', { task: 'quality', itemId: 1, viewer: 'ana' }, { name: 'ana' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad-request', message: 'invalid arguments for labels.list: unknown argument "viewer"' } });
  });

  it('the declarations themselves: what an annotator can never reach', () => {
    // A spot check on the table, so that loosening a rule is a deliberate change of this test.
    const forAnnotators = methods.filter((m) => allowed(contract[m].access, CALLERS[2])).sort();
    expect(forAnnotators).not.toContain('agreement.summary');
    expect(forAnnotators).not.toContain('labels.export');
    expect(forAnnotators).not.toContain('judges.calls');
    expect(forAnnotators).not.toContain('datasets.delete');
    expect(forAnnotators).not.toContain('adjudication.setGold');
    expect(forAnnotators).toContain('labels.save');
  });
});
