import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appManifest, stageApp } from './stageApp';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-stage-'));
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'accord', version: '1.2.3', description: 'd', license: 'MIT', dependencies: { zod: '4' } }));
  for (const file of ['dist/electron/main.cjs', 'dist/electron/main.cjs.map', 'dist/electron/preload.cjs', 'dist/electron/migrations/0010_init.sql', 'dist/renderer/index.html', 'dist/renderer/assets/a.js']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), file);
  }
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('appManifest', () => {
  it('names the bundled main and declares no dependency for electron-builder to copy or rebuild', () => {
    const manifest = appManifest({ name: 'accord', version: '1.2.3', description: 'd', license: 'MIT' });
    expect(manifest).toMatchObject({ name: 'accord', productName: 'Accord', version: '1.2.3', main: 'electron/main.cjs' });
    expect(manifest).not.toHaveProperty('dependencies');
    expect(manifest).not.toHaveProperty('type');
  });
});

describe('stageApp', () => {
  it('lays out dist/app as electron/ + renderer/ + package.json, without source maps', () => {
    const appDir = stageApp(root);
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name]));
    expect(files(appDir).sort()).toEqual([
      'electron/main.cjs',
      'electron/migrations/0010_init.sql',
      'electron/preload.cjs',
      'package.json',
      'renderer/assets/a.js',
      'renderer/index.html',
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'))).toMatchObject({ version: '1.2.3', main: 'electron/main.cjs' });
  });

  it('says which bundle is missing', () => {
    fs.rmSync(path.join(root, 'dist', 'renderer'), { recursive: true });
    expect(() => stageApp(root)).toThrow('dist/renderer is missing; build it first');
  });
});
