import path from 'node:path';

/**
 * better-sqlite3 is a native module: its compiled addon must match the ABI of the runtime that
 * loads it. Node (tests, CLI, browser mode) and Electron differ, so the checkout keeps two
 * builds side by side instead of rebuilding one back and forth:
 * - `node_modules/better-sqlite3/build/Release/better_sqlite3.node` — Node's, from `npm ci`;
 * - {@link ELECTRON_NATIVE_DIR}`/…/better_sqlite3.node` — Electron's, built by
 *   `npm run electron:fetch` (build/scripts/electronNative.mjs, with @electron/rebuild).
 * The desktop app loads Electron's build explicitly through better-sqlite3's `nativeBinding`
 * option (see boundDatabase.ts); the packaged app ships it as `resources/native/`.
 */
export const ELECTRON_NATIVE_DIR = path.join('node_modules', '.accord-electron-native');

/** Where `electronNative.mjs` stages a copy of better-sqlite3 and rebuilds it for Electron. */
export function electronNativeModuleDir(projectRoot: string): string {
  return path.join(projectRoot, ELECTRON_NATIVE_DIR, 'node_modules', 'better-sqlite3');
}

/** The Electron build of the addon in a checkout. */
export function devNativeBindingPath(projectRoot: string): string {
  return path.join(electronNativeModuleDir(projectRoot), 'build', 'Release', 'better_sqlite3.node');
}

/** Where electron-builder's `extraResources` puts the addon in an installed app. */
export const PACKAGED_NATIVE_BINDING = path.join('native', 'better_sqlite3.node');

/** The addon the desktop app must load, packaged or run from a checkout. */
export function nativeBindingPath(options: { isPackaged: boolean; resourcesPath: string; projectRoot: string }): string {
  return options.isPackaged ? path.join(options.resourcesPath, PACKAGED_NATIVE_BINDING) : devNativeBindingPath(options.projectRoot);
}
