import fs from 'node:fs';
import path from 'node:path';
import { FormatError } from '../../core/formats/types';
import { firstInvalidUtf8 } from './textStream';

/**
 * A file to import, as text or as the bytes of its name: a name that is not valid UTF-8 can only
 * be opened by its bytes (see {@link openablePath}).
 */
export type SourcePath = string | Buffer;

/**
 * The path to open for one given as text. A file name that is not valid UTF-8 reaches Node (the
 * command line, argv) with each bad byte turned into U+FFFD, which names no file; such a name
 * is looked up among its folder's entries read as bytes, and the one entry that reads the same
 * is opened by its bytes. Anything else is opened as given.
 */
export function openablePath(given: string): SourcePath {
  if (!given.includes('\uFFFD') || fs.existsSync(given)) return given;
  const folder = path.dirname(given);
  let entries: Buffer[];
  try {
    entries = fs.readdirSync(folder, { encoding: 'buffer' });
  } catch {
    return given;
  }
  const wanted = path.basename(given);
  const matches = entries.filter((entry) => entry.toString('utf8') === wanted);
  if (matches.length !== 1) return given;
  return Buffer.concat([Buffer.from(folder === '.' && !given.startsWith('.') ? '' : folder + path.sep), matches[0]]);
}

/**
 * A path for messages: as given, or — for a name held as bytes — its valid UTF-8 as text and
 * every other byte as `\xE9`, so that the name shown is the name on disk, escaped.
 */
export function pathText(file: SourcePath): string {
  if (typeof file === 'string') return file;
  let text = '';
  let from = 0;
  while (from < file.length) {
    const invalid = firstInvalidUtf8(file.subarray(from));
    const bad = invalid < 0 ? -1 : from + invalid;
    if (bad < 0) {
      text += file.subarray(from).toString('utf8');
      break;
    }
    text += `${file.subarray(from, bad).toString('utf8')}\\x${file[bad].toString(16).toUpperCase().padStart(2, '0')}`;
    from = bad + 1;
  }
  return text;
}

/**
 * Why a file cannot be imported before anything is read from it, or null: missing, unreadable,
 * not a regular file (a directory, a FIFO — which would block an open until a writer came —, a
 * socket, a device), or empty. Found with `stat`, which opens nothing.
 */
export function sourceFileProblem(file: SourcePath): FormatError | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    return fileSystemProblem(error) ?? new FormatError('cannot read the file');
  }
  if (stat.isDirectory()) return new FormatError('is a directory, not a file');
  if (stat.isFIFO()) return new FormatError('is a named pipe (FIFO), not a regular file; save its content to a file and import that');
  if (stat.isSocket()) return new FormatError('is a socket, not a regular file');
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return new FormatError('is a device, not a regular file');
  if (!stat.isFile()) return new FormatError('is not a regular file');
  if (stat.size === 0) return new FormatError('the file is empty');
  return null;
}

/** What the file-system errors that concern one file mean, as a rejection of that file; null for any other error. */
export function fileSystemProblem(error: unknown): FormatError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return new FormatError('no such file');
    case 'EACCES':
    case 'EPERM':
      return new FormatError(`permission denied: cannot read the file (${code})`);
    case 'EISDIR':
      return new FormatError('is a directory, not a file');
    case 'ENOTDIR':
      return new FormatError('no such file (a folder on its path is a file)');
    case 'ELOOP':
      return new FormatError('too many symbolic links on its path (a loop?)');
    case 'ENAMETOOLONG':
      return new FormatError('the file name is too long');
    case 'EIO':
    case 'ENXIO':
    case 'ENODEV':
    case 'ETXTBSY':
    case 'EBUSY':
      return new FormatError(`cannot read the file (${code})`);
    default:
      return null;
  }
}
