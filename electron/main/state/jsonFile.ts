import fs from 'node:fs';
import path from 'node:path';

/** Reads a small JSON state file; a missing or unreadable file is `null`, never an error. */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * Writes a small JSON state file through a temporary file and a rename, so a crash mid-write
 * leaves the previous version rather than half a file.
 */
export function writeJsonFile(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n');
  fs.renameSync(temporary, file);
}
