import { describe, expect, it } from 'vitest';
import { filesOfDroppedFolder, filesOfFolder, filesOfFolderInput, sameChosenFile } from './chosenFiles';

/** A file as a folder input lists it: with its path inside the chosen folder's parent. */
const file = (name: string, relativePath: string) => Object.defineProperty(new File(['x'], name), 'webkitRelativePath', { value: relativePath });
const named = (result: ReturnType<typeof filesOfFolder>) => ('files' in result ? result.files.map((f) => `${f.folder}/${f.file.name}`) : result.problem);

describe('the files of a chosen folder', () => {
  it('are those directly in it, not hidden, with an ending an import reads, sorted by name — as `accord import FOLDER` reads it', () => {
    const listed = ['b.txt', 'a.json', '.hidden.txt', 'README.md', 'old/c.txt', 'd.jsonl'].map((path) => ({ file: new File(['x'], path.split('/').pop()!), relativePath: `flowgraphs/${path}` }));
    expect(named(filesOfFolder('flowgraphs', listed))).toEqual(['flowgraphs/a.json', 'flowgraphs/b.txt', 'flowgraphs/d.jsonl']);
  });

  it('says why a folder gives nothing to import', () => {
    expect(named(filesOfFolder('pics', [{ file: new File(['x'], 'a.png'), relativePath: 'pics/a.png' }]))).toBe(
      'The folder “pics” holds no file to import (.txt, .json, .jsonl, .ndjson, .csv); its sub-folders are not read.',
    );
    expect(named(filesOfFolderInput([]))).toBe('The folder is empty.');
  });

  it('take the folder name from what a folder input lists', () => {
    const input = [file('a.txt', 'almita-flowgraphs/a.txt'), file('b.txt', 'almita-flowgraphs/sub/b.txt')];
    expect(named(filesOfFolderInput(input))).toEqual(['almita-flowgraphs/a.txt']);
  });

  it('are read from a dropped folder in every batch its reader gives', async () => {
    const entry = (name: string) => ({ isFile: true, isDirectory: false, name, file: (ok: (f: File) => void) => ok(new File(['x'], name)) });
    const batches = [[entry('a.txt'), { isFile: false, isDirectory: true, name: 'sub' }], [entry('b.csv')], []];
    const folder = { name: 'graphs', isDirectory: true, createReader: () => ({ readEntries: (ok: (e: unknown[]) => void) => ok(batches.shift()!) }) };
    expect(named(await filesOfDroppedFolder(folder as unknown as FileSystemDirectoryEntry))).toEqual(['graphs/a.txt', 'graphs/b.csv']);
  });

  it('are the same file only from the same folder', () => {
    const f = new File(['x'], 'a.txt', { lastModified: 1 });
    expect(sameChosenFile({ file: f }, { file: f })).toBe(true);
    expect(sameChosenFile({ file: f, folder: 'one' }, { file: f, folder: 'two' })).toBe(false);
  });
});
