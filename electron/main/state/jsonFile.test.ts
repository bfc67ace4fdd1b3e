import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJsonFile, writeJsonFile } from './jsonFile';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-json-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('state files', () => {
  it('write creates the folder and reads back what was written, leaving no temporary file', () => {
    const file = path.join(tempDir(), 'nested', 'settings.json');
    writeJsonFile(file, { a: 1 });
    expect(readJsonFile(file)).toEqual({ a: 1 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['settings.json']);
  });

  it('read gives null for a missing or corrupt file instead of throwing', () => {
    const dir = tempDir();
    expect(readJsonFile(path.join(dir, 'missing.json'))).toBeNull();
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"a":');
    expect(readJsonFile(path.join(dir, 'broken.json'))).toBeNull();
  });
});
