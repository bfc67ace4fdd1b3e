import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../common/apiClient';
import { contract, type ApiClient, type ApiReply, type EventName } from '../api/contract';
import { openSession } from '../services/session';
import { FORMATS } from '../testing/fixtures';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../transports/ipc/register';
import { createBridge } from './preload/createBridge';
import { APP_INDEX_URL } from './security/appProtocol';
import { isTrustedSender } from './security/trustedSender';
import { FakeIpcMain, FakeIpcRenderer } from '../testing/fakeIpc';
import { WorkspaceHost } from './workspace/workspaceHost';

// The desktop app's IPC path end to end, in plain Node: renderer client → preload bridge →
// one invoke channel → sender check → the shared dispatcher → services → SQLite.

let dir: string;
let ipcMain: FakeIpcMain;
let host: WorkspaceHost;
let renderer: FakeIpcRenderer;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-ipc-'));
  ipcMain = new FakeIpcMain();
  renderer = new FakeIpcRenderer(ipcMain, `${APP_INDEX_URL}#/datasets`);
  host = new WorkspaceHost({ ipcMain, isTrustedSender, openSession, send: (event, payload) => renderer.push(EVENT_CHANNEL, event, payload) });
  host.open(path.join(dir, 'w.accord'));
});
afterEach(() => {
  host.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const trusted = { url: APP_INDEX_URL, parent: null };
const call = (method: unknown, args?: unknown, frame: { url: string; parent: unknown } | null = trusted, as: string | null = null) =>
  ipcMain.invoke(frame, INVOKE_CHANNEL, method, args, as) as Promise<ApiReply<unknown>>;

describe('IPC registration', () => {
  it('registers exactly one channel', () => {
    expect([...ipcMain.handlers.keys()]).toEqual([INVOKE_CHANNEL]);
  });

  it('reaches every method of the contract (a reply from its schema or its handler, never "unknown method")', async () => {
    const methods = Object.keys(contract);
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) {
      const reply = await call(method, {});
      expect(reply, method).toHaveProperty('ok');
      if (!reply.ok) {
        expect(reply.error.message, method).not.toMatch(/unknown method/);
        // A contract method without a handler would surface as a TypeError from the dispatcher.
        expect(reply.error.message, method).not.toMatch(/is not a function/);
      }
    }
  });

  it('answers real calls with their results', async () => {
    const info = await call('workspace.info', {});
    expect(info).toMatchObject({ ok: true, value: { path: path.join(dir, 'w.accord'), datasets: 0, items: 0 } });
    expect(await call('datasets.list', {})).toEqual({ ok: true, value: [] });
  });

  it('rejects bad arguments with a message naming the field', async () => {
    const wrongType = await call('items.get', { id: 'twelve' });
    expect(wrongType).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(!wrongType.ok && wrongType.error.message).toMatch(/items\.get.*id/);
    await call('annotators.identify', { name: 'lea', role: 'lead' });
    expect(await call('datasets.import', { sources: [] }, trusted, 'lea')).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(await call('datasets.delete', 42, trusted, 'lea')).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    // Nobody named: a lead's method is refused before its arguments are read.
    expect(await call('datasets.delete', 42)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('rejects a method name that is not a string, and an unknown method', async () => {
    expect(await call({ toString: 'workspace.info' }, {})).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(await call('__proto__', {})).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await call('workspace.drop', {})).toMatchObject({ ok: false, error: { code: 'not-found', message: 'unknown method "workspace.drop"' } });
  });

  it('refuses a foreign sender before anything runs', async () => {
    const file = path.join(FORMATS, 'sop-graph.json');
    for (const frame of [{ url: 'https://evil.example/', parent: null }, { url: APP_INDEX_URL, parent: { url: APP_INDEX_URL } }, null]) {
      const reply = await call('datasets.import', { sources: [{ path: file }] }, frame);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await call('datasets.list', {})).toEqual({ ok: true, value: [] });
  });
});

describe('the preload bridge over IPC', () => {
  it('carries typed client calls and delivers service events to the page', async () => {
    const bridge = createBridge(renderer, () => '/unused');
    const events: { event: string; payload: unknown }[] = [];
    const unsubscribe = bridge.onEvent((event, payload) => events.push({ event, payload }));
    const client = createApiClient<ApiClient>(
      (method, args) => bridge.invoke(method, args, 'lea'),
      () => () => {},
    );
    await client['annotators.identify']({ name: 'lea', role: 'lead' });
    const report = await client['datasets.import']({ sources: [{ path: path.join(FORMATS, 'sop-graph.json') }], jobId: 'job-1' });
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({ status: 'imported', kind: 'graph', imported: 1 });
    expect((await client['workspace.info']({})).items).toBe(1);

    const names = events.map((e) => e.event as EventName);
    expect(names).toContain('job.progress');
    expect(names).toContain('workspace.changed');
    expect(events.find((e) => e.event === 'job.progress')?.payload).toMatchObject({ jobId: 'job-1' });

    unsubscribe();
    const before = events.length;
    await client['datasets.import']({ sources: [{ path: path.join(FORMATS, 'plans.jsonl') }] });
    expect(events.length).toBe(before);
  });
});
