import fs from 'node:fs';
import path from 'node:path';
import { ELECTRON_NATIVE_DIR, devNativeBindingPath, electronNativeModuleDir } from '../../../electron/main/native/nativeBinding';

/**
 * Copies better-sqlite3 (its sources, without Node's compiled `build/`) into its own small
 * project under node_modules/.accord-electron-native, so @electron/rebuild can compile or
 * fetch Electron's build there while node_modules/better-sqlite3 keeps Node's build for the
 * tests and the CLI. Returns the staging project's folder.
 */
export function stageNativeModule(projectRoot: string): string {
  const source = path.join(projectRoot, 'node_modules', 'better-sqlite3');
  const manifest = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')) as { version: string };
  const stagingRoot = path.join(projectRoot, ELECTRON_NATIVE_DIR);
  const target = electronNativeModuleDir(projectRoot);
  fs.rmSync(stagingRoot, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  fs.cpSync(source, target, { recursive: true, filter: (file) => path.relative(source, file).split(path.sep)[0] !== 'build' });
  fs.writeFileSync(
    path.join(stagingRoot, 'package.json'),
    JSON.stringify({ name: 'accord-electron-native', private: true, dependencies: { 'better-sqlite3': manifest.version } }, null, 2) + '\n',
  );
  return stagingRoot;
}

/**
 * Builds better-sqlite3 for Electron `electronVersion` with @electron/rebuild (a prebuilt
 * binary when one is published for this platform, else a compile against Electron's headers;
 * either needs internet access). Returns the addon's path.
 */
export async function buildNativeForElectron(projectRoot: string, electronVersion: string, arch = process.arch): Promise<string> {
  const stagingRoot = stageNativeModule(projectRoot);
  const { rebuild } = await import('@electron/rebuild');
  try {
    await rebuild({ buildPath: stagingRoot, electronVersion, arch, onlyModules: ['better-sqlite3'], force: true, mode: 'sequential' });
  } catch (error) {
    // A half-built copy must not pass for Electron's build later.
    fs.rmSync(stagingRoot, { recursive: true, force: true });
    throw error;
  }
  const addon = devNativeBindingPath(projectRoot);
  if (!fs.existsSync(addon)) throw new Error(`@electron/rebuild finished but ${addon} is missing`);
  return addon;
}
