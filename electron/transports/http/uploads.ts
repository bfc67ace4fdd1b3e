import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';

/**
 * Files uploaded by the browser's import dialog, kept in a private temporary folder until
 * imported (by id) or the server stops. Browser mode cannot hand the server a path.
 */
export class UploadStore {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-uploads-'));
  private readonly files = new Map<string, string>();

  async receive(request: IncomingMessage, name: string): Promise<string> {
    const id = randomUUID();
    const file = path.join(this.dir, `${id}-${path.basename(name).replace(/[^\w.-]/g, '_')}`);
    await pipeline(request, fs.createWriteStream(file));
    this.files.set(id, file);
    return id;
  }

  resolve(id: string): string | null {
    return this.files.get(id) ?? null;
  }

  dispose(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
