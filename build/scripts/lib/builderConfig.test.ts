import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGED_NATIVE_BINDING, devNativeBindingPath } from '../../../electron/main/native/nativeBinding';
import { BUILDER_CONFIG } from './runDist';

const repo = path.resolve(import.meta.dirname, '../../..');
const config = JSON.parse(fs.readFileSync(path.join(repo, BUILDER_CONFIG), 'utf8')) as {
  directories: { app: string; output: string; buildResources: string };
  beforeBuild: string;
  extraResources: { from: string; to: string }[];
  linux: { target: string[]; icon: string; executableName: string };
  mac: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  npmRebuild?: boolean;
};

describe('electron-builder configuration', () => {
  it('builds AppImage and deb on Linux, dmg on macOS, nsis on Windows', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('points at icons that exist', () => {
    const resources = path.join(repo, config.directories.buildResources);
    for (const icon of [config.linux.icon, config.mac.icon, config.win.icon]) expect(fs.existsSync(path.join(resources, icon)), icon).toBe(true);
  });

  it("packages dist/app and ships Electron's SQLite addon where the app looks for it", () => {
    expect(config.directories.app).toBe('dist/app');
    expect(config.extraResources).toEqual([{ from: path.relative(repo, devNativeBindingPath(repo)).split(path.sep).join('/'), to: PACKAGED_NATIVE_BINDING.split(path.sep).join('/') }]);
  });

  it("keeps electron-builder's hands off node_modules: its beforeBuild hook answers false", async () => {
    expect(config.npmRebuild).not.toBe(false); // with npmRebuild false the hook would never run
    const hook = createRequire(import.meta.url)(path.join(repo, config.beforeBuild)) as () => Promise<boolean>;
    expect(await hook()).toBe(false);
  });

  it('does not install a desktop binary named like the accord CLI', () => {
    expect(config.linux.executableName).not.toBe('accord');
  });
});
