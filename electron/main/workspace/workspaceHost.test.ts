import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiReply } from '../../api/contract';
import { openSession } from '../../services/session';
import { INVOKE_CHANNEL } from '../../transports/ipc/register';
import { APP_INDEX_URL } from '../security/appProtocol';
import { isTrustedSender } from '../security/trustedSender';
import { FakeIpcMain } from '../../testing/fakeIpc';
import { WorkspaceHost } from './workspaceHost';

let dir: string;
let ipcMain: FakeIpcMain;
let send: ReturnType<typeof vi.fn<(event: string, payload: unknown) => void>>;
let host: WorkspaceHost;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-host-'));
  ipcMain = new FakeIpcMain();
  send = vi.fn<(event: string, payload: unknown) => void>();
  host = new WorkspaceHost({ ipcMain, isTrustedSender, openSession, send });
});
afterEach(() => {
  host.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const info = async () => (await ipcMain.invoke({ url: APP_INDEX_URL, parent: null }, INVOKE_CHANNEL, 'workspace.info', {})) as ApiReply<{ path: string }>;

describe('WorkspaceHost', () => {
  it('serves nothing before a workspace is open', () => {
    expect(host.current).toBeNull();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('moves the IPC channel to a newly opened workspace', async () => {
    const a = path.join(dir, 'a.accord');
    const b = path.join(dir, 'b.accord');
    host.open(a);
    expect(await info()).toMatchObject({ ok: true, value: { path: a } });
    host.open(b);
    expect(await info()).toMatchObject({ ok: true, value: { path: b } });
    expect(host.workspacePath).toBe(b);
  });

  it('keeps the current workspace when another cannot be opened', async () => {
    const a = path.join(dir, 'a.accord');
    const notAWorkspace = path.join(dir, 'notes.accord');
    fs.writeFileSync(notAWorkspace, 'these are not SQLite pages, just text that is long enough to be read as a header'.repeat(20));
    host.open(a);
    expect(() => host.open(notAWorkspace)).toThrow(/not an Accord workspace/);
    expect(host.workspacePath).toBe(a);
    expect(await info()).toMatchObject({ ok: true, value: { path: a } });
  });

  it('forwards events of the open workspace only', () => {
    const first = host.open(path.join(dir, 'a.accord'));
    first.ctx.emit('workspace.changed', { what: 'labels' });
    expect(send).toHaveBeenCalledWith('workspace.changed', { what: 'labels' });
    host.open(path.join(dir, 'b.accord'));
    send.mockClear();
    first.ctx.emit('workspace.changed', { what: 'stale' });
    expect(send).not.toHaveBeenCalled();
  });

  it('closes cleanly: the channel is removed and the WAL is checkpointed into the workspace file', async () => {
    const file = path.join(dir, 'a.accord');
    const session = host.open(file);
    await session.write((db) => db.exec("CREATE TABLE probe (note TEXT); INSERT INTO probe VALUES ('kept')"));
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    host.close();
    expect(ipcMain.handlers.size).toBe(0);
    expect(session.db.open).toBe(false);
    // wal_checkpoint(TRUNCATE) leaves an empty WAL (or none): everything is in the main file.
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    host.close();
  });
});
