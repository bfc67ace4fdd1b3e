import type { ApiReply } from './define';

/**
 * What the Electron preload exposes to the renderer as `window.accord` through the context
 * bridge — never `ipcRenderer` itself. Browser mode has no bridge and uses HTTP instead:
 * `POST /api/call/<method>` (JSON body, JSON {@link ApiReply}), `GET /api/events`
 * (server-sent events named after {@link ApiEvents} keys) and `POST /api/upload?name=<file>`
 * (raw `application/octet-stream` bytes → `{ ok: true, value: { uploadId } }`), each carrying
 * the per-launch token as `Authorization: Bearer` (README "Security"). Who is calling travels beside the arguments, never in them: the
 * `as` argument over IPC, the `x-accord-as` header over HTTP (DESIGN.md §1). The names both
 * ends agree on (`BRIDGE_NAME`, `CALLER_HEADER`) are runtime values: electron/common/transportNames.ts.
 */
export interface AccordBridge {
  /** Calls a method; `as` names the person this window says is using it (null: nobody yet). */
  invoke(method: string, args: unknown, as: string | null): Promise<ApiReply<unknown>>;
  /** Subscribes to every event; returns the unsubscribe function. */
  onEvent(listener: (event: string, payload: unknown) => void): () => void;
  /** The local path of a file chosen in an `<input type=file>` or dropped (Electron only). */
  pathForFile(file: File): string;
}
