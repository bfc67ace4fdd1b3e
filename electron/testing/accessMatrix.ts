import { hasRole, minimumRole, type Access, type Claim } from '../api/access';
import type { ApiReply } from '../api/contract';
import { annotationWorkspace, type AnnotationWorkspace } from './annotationWorkspace';

/*
 * The access matrix's machinery (STYLE.md, "Access declared with the method"), shared by the
 * in-process and browser-mode test (services/accessMatrix.test.ts) and the team server's
 * (transports/http/teamAccess.test.ts): who calls, what each declaration allows them, and a
 * workspace where every kind of caller exists.
 */

/** A kind of caller: the claim a transport makes for them, their role and whether they annotate the task "quality". */
export type MatrixCaller = { label: string; claim: Claim; role: 'anonymous' | 'annotator' | 'adjudicator' | 'lead'; onTask: boolean };

/** Every kind of caller, weakest first (a lead's calls may archive or trash "quality" and restore it: they come last). */
export const MATRIX_CALLERS: MatrixCaller[] = [
  { label: 'nobody', claim: null, role: 'anonymous', onTask: false },
  { label: 'a stranger', claim: { name: 'zoe' }, role: 'anonymous', onTask: false },
  { label: "the task's annotator", claim: { name: 'ana' }, role: 'annotator', onTask: true },
  { label: 'an annotator of another task', claim: { name: 'zed' }, role: 'annotator', onTask: false },
  { label: 'an adjudicator', claim: { name: 'ada' }, role: 'adjudicator', onTask: false },
  { label: 'a lead', claim: { name: 'lea' }, role: 'lead', onTask: false },
  { label: 'the CLI owner', claim: { owner: true }, role: 'lead', onTask: false },
];

/** Whether a declaration lets this caller in. */
export function allowedFor(access: Access, who: MatrixCaller): boolean {
  if (!hasRole(who.role, minimumRole(access))) return false;
  if (typeof access === 'object') return who.onTask || hasRole(who.role, 'adjudicator');
  return true;
}

// Arguments that name the task and nothing else: enough for every rule, and (access being
// checked first) a refusal comes before any argument error. Allowed calls mostly end in
// bad-request; the few that run are reads or harmless on this workspace.
export const MATRIX_ARGS = { task: 'quality' };

/** Whether a reply is a refusal by the access rules (not an argument or state error). */
export function refusedByAccess(reply: ApiReply<unknown>): boolean {
  return !reply.ok && reply.error.code === 'forbidden' && / is for /.test(reply.error.message);
}

/** The workspace: ana on "quality", zed on "other", ada an adjudicator, lea a lead. */
export async function accessMatrixWorkspace(): Promise<AnnotationWorkspace> {
  const ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  await ws.api('annotators.upsert', { name: 'lea', role: 'lead' });
  await ws.api('annotators.upsert', { name: 'zed', role: 'annotator' });
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'], seed: 1 });
  await ws.api('tasks.create', { name: 'other', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['zed'], seed: 1 });
  return ws;
}
