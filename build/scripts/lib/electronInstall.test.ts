import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devNativeBindingPath } from '../../../electron/main/native/nativeBinding';
import { findElectron } from './electronInstall';

let root: string;
let electronDir: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-electron-'));
  electronDir = path.join(root, 'node_modules', 'electron');
  fs.mkdirSync(electronDir, { recursive: true });
  fs.writeFileSync(path.join(electronDir, 'package.json'), JSON.stringify({ name: 'electron', version: '41.10.0' }));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('findElectron', () => {
  it('finds no binary after `npm ci` skipped the install script (no path.txt, no dist/)', () => {
    expect(findElectron(root)).toEqual({ binary: null, version: '41.10.0', nativeBinding: null });
  });

  it('finds the binary that path.txt names inside dist/', () => {
    fs.writeFileSync(path.join(electronDir, 'path.txt'), 'electron');
    fs.mkdirSync(path.join(electronDir, 'dist'));
    fs.writeFileSync(path.join(electronDir, 'dist', 'electron'), '');
    expect(findElectron(root).binary).toBe(path.join(electronDir, 'dist', 'electron'));
  });

  it('finds no binary when path.txt points at a file that is not there (an interrupted download)', () => {
    fs.writeFileSync(path.join(electronDir, 'path.txt'), 'electron');
    expect(findElectron(root).binary).toBeNull();
  });

  it("finds Electron's build of the SQLite addon where electronNative.mjs puts it", () => {
    const addon = devNativeBindingPath(root);
    fs.mkdirSync(path.dirname(addon), { recursive: true });
    fs.writeFileSync(addon, '');
    expect(findElectron(root).nativeBinding).toBe(addon);
  });

  it('reports no version when the electron package is absent', () => {
    expect(findElectron(root, path.join(root, 'nowhere')).version).toBeNull();
  });
});

describe('this checkout', () => {
  it('has the electron package, at the version package.json asks for', () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    const wanted = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron;
    expect(wanted).toContain(findElectron(repo).version!);
  });
});
