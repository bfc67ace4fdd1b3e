import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandFolders } from './folderSources';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-folder-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('expandFolders', () => {
  it('replaces a folder by its importable files, sorted, leaving out hidden files, other files and sub-folders', () => {
    const folder = path.join(dir, 'flowgraphs');
    fs.mkdirSync(path.join(folder, 'nested'), { recursive: true });
    for (const name of ['b.txt', 'a.txt', 'c.jsonl', '.hidden.txt', 'README.md', 'nested/d.txt']) fs.writeFileSync(path.join(folder, name), 'x');
    const expanded = expandFolders([{ path: folder, displayName: 'flowgraphs' }]);
    expect(expanded.map((e) => [e.source.displayName, e.folderDataset])).toEqual([
      [path.join('flowgraphs', 'a.txt'), 'flowgraphs'],
      [path.join('flowgraphs', 'b.txt'), 'flowgraphs'],
      [path.join('flowgraphs', 'c.jsonl'), 'flowgraphs'],
    ]);
  });

  it('passes files on as given, and says when a folder has nothing to import', () => {
    const file = path.join(dir, 'one.txt');
    fs.writeFileSync(file, 'x');
    fs.mkdirSync(path.join(dir, 'empty'));
    const expanded = expandFolders([
      { path: file, displayName: 'one.txt' },
      { path: path.join(dir, 'empty'), displayName: 'empty' },
    ]);
    expect(expanded[0]).toEqual({ source: { path: file, displayName: 'one.txt' } });
    expect(expanded[1].emptyFolder).toMatch(/^the folder holds no file to import/);
  });
});

describe('expandFolders, for files listed from a folder the person chose', () => {
  it('gives each the dataset of its folder, without reading the disk', () => {
    const expanded = expandFolders([{ path: '/uploads/3f2a', displayName: 'flowgraphs/a.txt', folder: 'flowgraphs' }]);
    expect(expanded).toEqual([{ source: { path: '/uploads/3f2a', displayName: 'flowgraphs/a.txt', folder: 'flowgraphs' }, folderDataset: 'flowgraphs' }]);
  });
});
