import { contract, type MethodName } from '../electron/api/contract';
import type { AppFixture } from './fixtures';

/** The lead that setup calls act as unless a test names someone else (created, as lead, on first use). */
export const SETUP_LEAD = 'lea';
const leadKnown = new WeakSet<AppFixture>();

/**
 * Calls the API contract the way any client does (HTTP, bearer token, the caller named in the
 * x-accord-as header), to set up a workspace quickly when the UI path is not what a test is
 * about. Calls act as `as`: the lead {@link SETUP_LEAD} by default, or the annotator named.
 */
export async function callApi<T = unknown>(app: AppFixture, method: string, args: unknown = {}, as: string = SETUP_LEAD): Promise<T> {
  // The lead is made (as the window would: "Who are you?") only for what a lead must do, so a
  // test that reads a public list sees only the people it made itself.
  if (as === SETUP_LEAD && contract[method as MethodName]?.access !== 'public' && !leadKnown.has(app)) {
    leadKnown.add(app);
    await post(app, 'annotators.identify', { name: SETUP_LEAD, role: 'lead' }, SETUP_LEAD);
  }
  return post<T>(app, method, args, as);
}

async function post<T>(app: AppFixture, method: string, args: unknown, as: string): Promise<T> {
  const response = await fetch(`${app.server.baseUrl}api/call/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${app.server.token}`, 'x-accord-as': encodeURIComponent(as) },
    body: JSON.stringify(args),
  });
  const reply = (await response.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(`${method} failed: ${reply.error.message}`);
  return reply.value;
}

/** Imports files by path through `datasets.import`; throws when any file is rejected. */
export async function importFiles(app: AppFixture, paths: string[], options: { dataset?: string } = {}) {
  const report = await callApi<{ files: { file: string; status: string; errors: { message: string }[] }[] }>(app, 'datasets.import', {
    sources: paths.map((path) => ({ path })),
    ...options,
  });
  const rejected = report.files.filter((f) => f.status === 'rejected');
  if (rejected.length) throw new Error(`rejected: ${rejected.map((f) => `${f.file}: ${f.errors[0]?.message}`).join('; ')}`);
  return report;
}

/** The id of the item with this external id (first match), via `items.list`. */
export async function itemIdOf(app: AppFixture, externalId: string): Promise<number> {
  const page = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { search: externalId, limit: 100 });
  const row = page.rows.find((r) => r.externalId === externalId);
  if (!row) throw new Error(`no item ${externalId}`);
  return row.id;
}
