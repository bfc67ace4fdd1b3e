import { FOLDER_FILE_ENDINGS, importsFromFolder } from '../../../../electron/common/folderFiles';

/** A file to import, and the folder it was chosen in, if it came with one. */
export interface ChosenFile {
  file: File;
  /** The folder's name: its files import into one dataset named after it (unless one is named). */
  folder?: string;
}

/** What choosing a folder gave: its files to import, or why there are none. */
export type ChosenFolder = { files: ChosenFile[] } | { problem: string };

/**
 * The files of a folder an import reads: those directly in it (not in its sub-folders), not
 * hidden, with an ending an import reads — the rule `accord import FOLDER` applies, here applied
 * in the browser, which lists the folder (each file is then uploaded alone).
 *
 * @param files the folder's files as the browser lists them, each with its path inside the chosen
 *   folder's parent (`webkitRelativePath`: `flowgraphs/a.txt`, `flowgraphs/old/b.txt`).
 */
export function filesOfFolder(folder: string, files: readonly { file: File; relativePath: string }[]): ChosenFolder {
  const direct = files
    .filter(({ relativePath }) => relativePath.split('/').length === 2 && importsFromFolder(relativePath.split('/')[1]!))
    .map(({ file }) => ({ file, folder }))
    .sort((a, b) => (a.file.name < b.file.name ? -1 : a.file.name > b.file.name ? 1 : 0));
  if (direct.length === 0) return { problem: `The folder “${folder}” holds no file to import (${FOLDER_FILE_ENDINGS.join(', ')}); its sub-folders are not read.` };
  return { files: direct };
}

/** The files a folder input (`webkitdirectory`) gave, read as one chosen folder. */
export function filesOfFolderInput(files: readonly File[]): ChosenFolder {
  const first = files[0];
  if (!first) return { problem: 'The folder is empty.' };
  const folder = first.webkitRelativePath.split('/')[0] ?? first.name;
  return filesOfFolder(
    folder,
    files.map((file) => ({ file, relativePath: file.webkitRelativePath })),
  );
}

/**
 * The files of a folder dropped on the page. The browser hands a dropped folder over as an
 * entry to walk; its direct files are read (sub-folders are listed but not entered).
 */
export async function filesOfDroppedFolder(folder: FileSystemDirectoryEntry): Promise<ChosenFolder> {
  const entries = await allEntries(folder.createReader());
  const files = await Promise.all(
    entries
      .filter((entry): entry is FileSystemFileEntry => entry.isFile)
      .map((entry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject)).then((file) => ({ file, relativePath: `${folder.name}/${entry.name}` }))),
  );
  return filesOfFolder(folder.name, files);
}

/** A directory reader gives its entries in batches (about a hundred at a time) until an empty one. */
async function allEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** The same file chosen twice (same name, size, date and folder) is listed once. */
export function sameChosenFile(a: ChosenFile, b: ChosenFile): boolean {
  return a.file.name === b.file.name && a.file.size === b.file.size && a.file.lastModified === b.file.lastModified && a.folder === b.folder;
}
