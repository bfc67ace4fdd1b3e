import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from './appPaths';

describe('appPaths', () => {
  it('in a checkout: dist/electron beside dist/renderer, Electron’s SQLite addon in node_modules', () => {
    const paths = appPaths({ mainDir: '/repo/dist/electron', isPackaged: false, resourcesPath: '/unused', userDataDir: '/home/me/.config/Accord' });
    expect(paths).toEqual({
      rendererDir: path.join('/repo/dist/renderer'),
      preloadPath: '/repo/dist/electron/preload.cjs',
      iconPath: '/repo/dist/electron/icon.png',
      nativeBinding: '/repo/node_modules/.accord-electron-native/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      settingsFile: '/home/me/.config/Accord/settings.json',
      windowStateFile: '/home/me/.config/Accord/window-state.json',
      backupsRoot: '/home/me/.config/Accord/backups',
      apiKeyFile: '/home/me/.config/Accord/judge-api-key.bin',
    });
  });

  it('packaged: the same layout inside app.asar, the addon in resources/native', () => {
    const paths = appPaths({ mainDir: '/opt/Accord/resources/app.asar/electron', isPackaged: true, resourcesPath: '/opt/Accord/resources', userDataDir: '/u' });
    expect(paths.rendererDir).toBe('/opt/Accord/resources/app.asar/renderer');
    expect(paths.preloadPath).toBe('/opt/Accord/resources/app.asar/electron/preload.cjs');
    expect(paths.nativeBinding).toBe('/opt/Accord/resources/native/better_sqlite3.node');
  });
});
