import fs from 'node:fs';
import path from 'node:path';
import { FOLDER_FILE_ENDINGS, importsFromFolder } from '../../common/folderFiles';

/** A source to import, and the dataset a folder gives it when no dataset is named. */
export interface ExpandedSource<S extends { path: string; displayName: string }> {
  source: S;
  /** The folder's name, for the files of a folder; undefined for a file given by itself. */
  folderDataset?: string;
  /** Why a folder gave nothing to import (the folder itself is then the source). */
  emptyFolder?: string;
}

/**
 * Replaces each folder among the sources by its files (sorted by name, hidden files and
 * sub-folders left out, only {@link FOLDER_FILE_ENDINGS}), so that a folder of flowgraphs —
 * one graph a file, as ALMITA releases them — imports as one dataset named after the folder.
 * Anything that is not a folder is passed on as given (the import checks it).
 */
export function expandFolders<S extends { path: string; displayName: string; folder?: string }>(sources: readonly S[]): ExpandedSource<S>[] {
  return sources.flatMap((source): ExpandedSource<S>[] => {
    // A file the app listed from a folder the person chose (in browser mode, each uploaded alone).
    if (source.folder !== undefined) return [{ source, folderDataset: source.folder }];
    if (!isFolder(source.path)) return [{ source }];
    const folderDataset = path.basename(path.resolve(source.path));
    const files = fs
      .readdirSync(source.path, { withFileTypes: true })
      .filter((entry) => entry.isFile() && importsFromFolder(entry.name))
      .map((entry) => entry.name)
      .sort();
    if (files.length === 0) {
      return [{ source, emptyFolder: `the folder holds no file to import (${FOLDER_FILE_ENDINGS.join(', ')})` }];
    }
    return files.map((name) => ({
      source: { ...source, path: path.join(source.path, name), displayName: path.join(source.displayName, name) },
      folderDataset,
    }));
  });
}

function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
