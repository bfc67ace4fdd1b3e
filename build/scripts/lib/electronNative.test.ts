import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronNativeModuleDir } from '../../../electron/main/native/nativeBinding';
import { stageNativeModule } from './electronNative';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-native-'));
  const module = path.join(root, 'node_modules', 'better-sqlite3');
  for (const file of ['package.json', 'binding.gyp', 'lib/index.js', 'src/better_sqlite3.cpp', 'deps/sqlite3/sqlite3.c', 'build/Release/better_sqlite3.node']) {
    fs.mkdirSync(path.dirname(path.join(module, file)), { recursive: true });
    fs.writeFileSync(path.join(module, file), file === 'package.json' ? JSON.stringify({ name: 'better-sqlite3', version: '12.6.2' }) : file);
  }
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('stageNativeModule', () => {
  it("copies better-sqlite3's sources, not Node's build, into a project of its own", () => {
    const staging = stageNativeModule(root);
    const copy = electronNativeModuleDir(root);
    expect(copy.startsWith(staging)).toBe(true);
    expect(fs.existsSync(path.join(copy, 'binding.gyp'))).toBe(true);
    expect(fs.existsSync(path.join(copy, 'deps', 'sqlite3', 'sqlite3.c'))).toBe(true);
    expect(fs.existsSync(path.join(copy, 'build'))).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(staging, 'package.json'), 'utf8'))).toMatchObject({ dependencies: { 'better-sqlite3': '12.6.2' } });
  });

  it("leaves Node's build in node_modules untouched", () => {
    stageNativeModule(root);
    expect(fs.readFileSync(path.join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), 'utf8')).toBe('build/Release/better_sqlite3.node');
  });

  it('starts from a clean copy each time', () => {
    stageNativeModule(root);
    fs.writeFileSync(path.join(electronNativeModuleDir(root), 'stale.txt'), 'x');
    stageNativeModule(root);
    expect(fs.existsSync(path.join(electronNativeModuleDir(root), 'stale.txt'))).toBe(false);
  });
});
