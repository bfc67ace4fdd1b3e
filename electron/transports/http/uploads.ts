import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pipeBody, type BodyLimits } from './requestBody';

/**
 * Files uploaded by the browser's import dialog, kept in a private temporary folder until the
 * call that imports them returns (success or not: each upload serves one call) or the server
 * stops. Browser mode cannot hand the server a path.
 */
export class UploadStore {
  private readonly dir: string;
  private readonly files = new Map<string, string>();

  constructor(tmp = os.tmpdir()) {
    removeOrphans(tmp);
    // The pid in the name lets a later server remove the folder if this one is killed (SIGKILL).
    this.dir = fs.mkdtempSync(path.join(tmp, `${PREFIX}${process.pid}-`));
  }

  /** The folder the uploads live in (tests check it is emptied). */
  get folder(): string {
    return this.dir;
  }

  /**
   * Streams the body to a file within `limits`; a refused or broken upload leaves no file
   * behind (the {@link BodyError} says why).
   */
  async receive(request: IncomingMessage, name: string, limits: BodyLimits): Promise<string> {
    const id = randomUUID();
    const file = path.join(this.dir, `${id}-${path.basename(name).replace(/[^\w.-]/g, '_').slice(0, 100)}`);
    const sink = fs.createWriteStream(file, { mode: 0o600 });
    try {
      await pipeBody(request, sink, limits);
    } catch (error) {
      // Wait for the file to be closed: Windows cannot delete an open file.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      fs.rmSync(file, { force: true });
      throw error;
    }
    this.files.set(id, file);
    return id;
  }

  resolve(id: string): string | null {
    return this.files.get(id) ?? null;
  }

  /** Deletes an upload once the call that used it has returned. */
  release(id: string): void {
    const file = this.files.get(id);
    if (!file) return;
    this.files.delete(id);
    fs.rmSync(file, { force: true });
  }

  dispose(): void {
    this.files.clear();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

const PREFIX = 'accord-uploads-';

/** Removes the upload folders of servers that died without closing (their pid no longer runs). */
export function removeOrphans(tmp: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(tmp);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^accord-uploads-(\d+)-/.exec(name)?.[1]);
    if (!pid || running(pid)) continue;
    try {
      fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
    } catch {
      // another user's folder, or in use: not ours to insist on
    }
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** The upload ids a call's arguments name (`sources[].uploadId`, `source.uploadId`), at any depth up to 3. */
export function uploadIdsIn(value: unknown, depth = 0): string[] {
  if (depth > 3 || typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((v) => uploadIdsIn(v, depth + 1));
  const own = typeof (value as { uploadId?: unknown }).uploadId === 'string' ? [(value as { uploadId: string }).uploadId] : [];
  return [...own, ...Object.values(value).flatMap((v) => uploadIdsIn(v, depth + 1))];
}
