import path from 'node:path';
import { nativeBindingPath } from './native/nativeBinding';

/** Every file location the desktop app uses, derived in one place. */
export interface AppPaths {
  /** The built renderer (`index.html` and `assets/`). */
  rendererDir: string;
  preloadPath: string;
  /** Window icon for Linux and Windows. */
  iconPath: string;
  /** Electron's build of better-sqlite3's addon. */
  nativeBinding: string;
  settingsFile: string;
  windowStateFile: string;
  /** One sub-folder per workspace (backupFolderFor). */
  backupsRoot: string;
  /** The judge API key, encrypted by the OS keychain (per user, never beside a workspace). */
  apiKeyFile: string;
}

export interface AppPathsInput {
  /** The folder of the bundled main script (`dist/electron/` in a checkout, `app.asar/electron/` when packaged). */
  mainDir: string;
  isPackaged: boolean;
  resourcesPath: string;
  userDataDir: string;
}

/**
 * The bundle keeps the same relative layout in a checkout and in the packaged app:
 * `<x>/electron/{main,preload}.cjs`, `<x>/electron/migrations/`, `<x>/renderer/`.
 */
export function appPaths(input: AppPathsInput): AppPaths {
  return {
    rendererDir: path.join(input.mainDir, '..', 'renderer'),
    preloadPath: path.join(input.mainDir, 'preload.cjs'),
    iconPath: path.join(input.mainDir, 'icon.png'),
    nativeBinding: nativeBindingPath({
      isPackaged: input.isPackaged,
      resourcesPath: input.resourcesPath,
      projectRoot: path.resolve(input.mainDir, '..', '..'),
    }),
    settingsFile: path.join(input.userDataDir, 'settings.json'),
    windowStateFile: path.join(input.userDataDir, 'window-state.json'),
    backupsRoot: path.join(input.userDataDir, 'backups'),
    apiKeyFile: path.join(input.userDataDir, 'judge-api-key.bin'),
  };
}
