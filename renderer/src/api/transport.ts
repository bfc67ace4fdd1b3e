import type { ApiClient, InputOf } from '../../../electron/api/contract';
import type { ServerSession } from './teamSession';

/** One file to import, as `datasets.import` accepts it. */
export type ImportSource = InputOf<'datasets.import'>['sources'][number];

/** A call a team server refused because this page was signed out (its invite revoked or expired). */
export interface RefusedCall {
  method: string;
  args: unknown;
}

/** Progress of turning picked files into import sources (uploading them in browser mode). */
export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

/**
 * The API as the renderer sees it, whichever way it is carried: the typed client, plus the
 * one thing that differs between desktop and browser — how a picked file reaches the service.
 */
export interface Transport {
  mode: 'desktop' | 'browser';
  client: ApiClient;
  /**
   * Names the person using this window (the "Who are you?" answer; null: nobody yet). Every call
   * after it carries the name beside its arguments, and the server decides what that person may
   * do (DESIGN.md §1).
   */
  setCaller(name: string | null): void;
  /**
   * Browser mode: what the server says this page is (single-user, or a team server's person by
   * invite); in team mode the server decides who calls and {@link setCaller} sends nothing.
   * Absent in the desktop app.
   */
  session?: Promise<ServerSession>;
  /**
   * Team mode: called with the server's reason when it stops letting this page in (invite
   * revoked or expired), for each call it refused so, with that call.
   */
  onSessionEnded?(listener: (message: string, refused: RefusedCall) => void): () => void;
  /** Paths in the desktop app; uploads (with progress) in browser mode. */
  importSources(files: File[], onProgress?: (progress: UploadProgress) => void): Promise<ImportSource[]>;
}
