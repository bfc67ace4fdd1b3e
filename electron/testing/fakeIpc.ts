import { EventEmitter } from 'node:events';
import type { IpcMainLike, InvokeEventLike } from '../transports/ipc/register';
import type { IpcRendererLike } from '../main/preload/createBridge';

type Handler = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>;

/**
 * An ipcMain with Electron's rules that matter here: one handler per channel (a second
 * `handle` throws, as Electron's does) and `invoke` as a renderer frame at `frameUrl` would.
 */
export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Handler>();

  handle(channel: string, listener: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  async invoke(frame: { url: string; parent?: unknown } | null, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    // Electron passes arguments through the structured clone algorithm.
    return handler({ senderFrame: frame }, ...args.map((arg) => (arg === undefined ? undefined : structuredClone(arg))));
  }
}

/** An ipcRenderer for a frame at `frameUrl`, wired to a {@link FakeIpcMain}; `push` delivers a main→renderer message. */
export class FakeIpcRenderer extends EventEmitter implements IpcRendererLike {
  constructor(
    private readonly main: FakeIpcMain,
    private readonly frameUrl: string,
  ) {
    super();
  }

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return this.main.invoke({ url: this.frameUrl, parent: null }, channel, ...args);
  }

  push(channel: string, ...args: unknown[]): void {
    this.emit(channel, { sender: 'ipc-event-object' }, ...args.map((arg) => structuredClone(arg)));
  }
}
