import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadStore, uploadIdsIn } from './uploads';

let tmp: string;
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('upload folders', () => {
  it('removes the folder a killed server left behind, and keeps a running one\'s', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-tmp-'));
    // A pid that has certainly exited: a child that already ran.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    fs.mkdirSync(path.join(tmp, `accord-uploads-${dead}-abc`));
    fs.writeFileSync(path.join(tmp, `accord-uploads-${dead}-abc`, 'left.jsonl'), 'x');
    fs.mkdirSync(path.join(tmp, `accord-uploads-${process.pid}-live`));
    fs.mkdirSync(path.join(tmp, 'something-else'));
    const store = new UploadStore(tmp);
    const left = fs.readdirSync(tmp).sort();
    expect(left).not.toContain(`accord-uploads-${dead}-abc`);
    expect(left).toContain(`accord-uploads-${process.pid}-live`);
    expect(left).toContain('something-else');
    expect(path.basename(store.folder)).toMatch(new RegExp(`^accord-uploads-${process.pid}-`));
    store.dispose();
    expect(fs.existsSync(store.folder)).toBe(false);
  });

  it('finds the upload ids a call names, in sources or a single source', () => {
    expect(uploadIdsIn({ sources: [{ uploadId: 'a', name: 'x' }, { path: '/p' }, { uploadId: 'b', name: 'y' }] })).toEqual(['a', 'b']);
    expect(uploadIdsIn({ task: 1, source: { uploadId: 'c', name: 'z' } })).toEqual(['c']);
    expect(uploadIdsIn(null)).toEqual([]);
  });
});
