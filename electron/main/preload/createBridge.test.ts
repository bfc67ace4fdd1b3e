import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createBridge, type IpcRendererLike } from './createBridge';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../transports/ipc/channels';

class FakeIpcRenderer extends EventEmitter implements IpcRendererLike {
  invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: 'pong' }));
}

describe('createBridge', () => {
  it('exposes exactly invoke, onEvent and pathForFile, frozen', () => {
    const bridge = createBridge(new FakeIpcRenderer(), () => '');
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onEvent', 'pathForFile']);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.values(bridge).every((value) => typeof value === 'function')).toBe(true);
  });

  it('sends every call on the one invoke channel, with the method and its arguments', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createBridge(ipc, () => '');
    expect(await bridge.invoke('items.get', { id: 3 }, 'ana')).toEqual({ ok: true, value: 'pong' });
    expect(ipc.invoke).toHaveBeenCalledWith(INVOKE_CHANNEL, 'items.get', { id: 3 }, 'ana');
  });

  it('delivers events without the IPC event object, and stops after unsubscribing', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createBridge(ipc, () => '');
    const listener = vi.fn();
    const unsubscribe = bridge.onEvent(listener);
    ipc.emit(EVENT_CHANNEL, { sender: 'secret' }, 'workspace.changed', { what: 'labels' });
    expect(listener).toHaveBeenCalledWith('workspace.changed', { what: 'labels' });
    expect(listener.mock.calls[0]).toHaveLength(2);
    unsubscribe();
    ipc.emit(EVENT_CHANNEL, {}, 'workspace.changed', { what: 'again' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(ipc.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it('ignores messages on other channels and malformed event names', () => {
    const ipc = new FakeIpcRenderer();
    const listener = vi.fn();
    createBridge(ipc, () => '').onEvent(listener);
    ipc.emit('some:other', {}, 'workspace.changed', {});
    ipc.emit(EVENT_CHANNEL, {}, 42, {});
    expect(listener).not.toHaveBeenCalled();
  });

  it('resolves a file’s path through webUtils', () => {
    const getPath = vi.fn(() => '/home/me/plans.jsonl');
    const file = { name: 'plans.jsonl' } as unknown as File;
    expect(createBridge(new FakeIpcRenderer(), getPath).pathForFile(file)).toBe('/home/me/plans.jsonl');
    expect(getPath).toHaveBeenCalledWith(file);
  });
});
