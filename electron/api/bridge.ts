import type { ApiReply } from './define';

/**
 * What the Electron preload exposes to the renderer as `window.accord` through the context
 * bridge — never `ipcRenderer` itself. Browser mode has no bridge and uses HTTP instead:
 * `POST /api/call/<method>` (JSON body, JSON {@link ApiReply}), `GET /api/events`
 * (server-sent events named after {@link ApiEvents} keys) and `POST /api/upload?name=<file>`
 * (raw bytes → `{ ok: true, value: { uploadId } }`), authenticated by the cookie set when the
 * printed URL was opened.
 */
export interface AccordBridge {
  invoke(method: string, args: unknown): Promise<ApiReply<unknown>>;
  /** Subscribes to every event; returns the unsubscribe function. */
  onEvent(listener: (event: string, payload: unknown) => void): () => void;
  /** The local path of a file chosen in an `<input type=file>` or dropped (Electron only). */
  pathForFile(file: File): string;
}

/** The name the bridge is exposed under on `window`. */
export const BRIDGE_NAME = 'accord';
