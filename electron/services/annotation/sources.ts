import path from 'node:path';
import type { ServiceContext } from '../context';
import { InvalidInputError } from '../errors';

/** A file given by path (CLI, desktop) or by upload id (browser mode). */
export type FileSource = { path: string } | { uploadId: string; name: string };

/** The file on disk behind a source, and the name to show in reports. */
export function resolveSource(ctx: ServiceContext, source: FileSource): { path: string; displayName: string } {
  if ('path' in source) return { path: source.path, displayName: source.path };
  const file = ctx.resolveUpload(source.uploadId);
  if (!file) throw new InvalidInputError(`unknown upload ${source.uploadId} (uploads exist only in browser mode, until imported)`);
  return { path: file, displayName: source.name };
}

/** `labels.csv` from `/some/dir/labels.csv`. */
export function baseName(displayName: string): string {
  return path.basename(displayName);
}

/** A file name made of a task's name: letters, digits, `-`, `_` and `.` kept, the rest `-`. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'task';
}
