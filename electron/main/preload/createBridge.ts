import type { AccordBridge } from '../../api/bridge';
import type { ApiReply } from '../../api/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../transports/ipc/channels';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** The part of Electron's `ipcRenderer` the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: Listener): unknown;
  removeListener(channel: string, listener: Listener): unknown;
}

/**
 * Builds the object the preload exposes as `window.accord`: three functions, each pinned to
 * its channel. The page never gets `ipcRenderer` itself (it could then send on any channel),
 * nor the IPC event objects (they carry the sender).
 */
export function createBridge(ipcRenderer: IpcRendererLike, getPathForFile: (file: File) => string): AccordBridge {
  return Object.freeze({
    invoke(method: string, args: unknown, as: string | null): Promise<ApiReply<unknown>> {
      return ipcRenderer.invoke(INVOKE_CHANNEL, method, args, as) as Promise<ApiReply<unknown>>;
    },
    onEvent(listener: (event: string, payload: unknown) => void): () => void {
      const forward: Listener = (_ipcEvent, name, payload) => {
        if (typeof name === 'string') listener(name, payload);
      };
      ipcRenderer.on(EVENT_CHANNEL, forward);
      return () => {
        ipcRenderer.removeListener(EVENT_CHANNEL, forward);
      };
    },
    pathForFile(file: File): string {
      return getPathForFile(file);
    },
  });
}
