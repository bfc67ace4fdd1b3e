// The Electron main process: the only place (with the preload) that imports 'electron'.
// Bundled to dist/electron/main.cjs by build/scripts/bundleElectron.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, protocol } from 'electron';
import { appPaths } from './appPaths';
import { hardenAllContents, startDesktopApp, type DesktopApp } from './desktopApp';
import { useNativeBinding } from './native/boundDatabase';
import { APP_SCHEME_PRIVILEGES } from './security/appProtocol';
import { workspaceFromArgv } from './workspace/workspaceFiles';

// The same per-user folder the CLI's default workspace lives in (electron/cli/defaultWorkspace.ts),
// whatever the package name; set before anything (the single-instance lock included) reads it.
app.setName('Accord');
app.setPath('userData', path.join(app.getPath('appData'), 'Accord'));

const paths = appPaths({
  mainDir: path.dirname(fileURLToPath(import.meta.url)),
  isPackaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
  userDataDir: app.getPath('userData'),
});

if (!app.requestSingleInstanceLock()) {
  // Another Accord is running; it gets our argv through 'second-instance' and comes forward.
  app.quit();
} else {
  run();
}

function run(): void {
  app.enableSandbox();
  protocol.registerSchemesAsPrivileged([{ ...APP_SCHEME_PRIVILEGES, privileges: { ...APP_SCHEME_PRIVILEGES.privileges } }]);
  hardenAllContents();
  useNativeBinding(paths.nativeBinding);

  let desktop: DesktopApp | null = null;
  let pendingOpen = workspaceFromArgv(process.argv, process.cwd());
  let shutDown = false;

  app.on('second-instance', (_event, argv, workingDirectory) => desktop?.activate(workspaceFromArgv(argv, workingDirectory)));
  // macOS delivers double-clicked `.accord` files this way, possibly before 'ready'.
  app.on('open-file', (event, file) => {
    event.preventDefault();
    if (desktop) desktop.activate(file);
    else pendingOpen = file;
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (shutDown || !desktop) return;
    // Finish a running backup and checkpoint the WAL before the process goes.
    event.preventDefault();
    void desktop.shutdown().finally(() => {
      shutDown = true;
      app.quit();
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  void app.whenReady().then(() => {
    if (!fs.existsSync(paths.nativeBinding)) {
      dialog.showErrorBox(
        'Accord cannot open its database engine',
        app.isPackaged
          ? `The file ${paths.nativeBinding} is missing. Reinstall Accord.`
          : `better-sqlite3 has not been built for Electron (${paths.nativeBinding} is missing). Run: npm run electron:fetch`,
      );
      app.exit(1);
      return;
    }
    desktop = startDesktopApp(paths, pendingOpen);
    app.on('activate', () => desktop?.activate(null));
  });
}
