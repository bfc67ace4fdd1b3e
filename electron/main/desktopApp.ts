import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, safeStorage, screen, session, shell } from 'electron';
import type { ApiEvents, EventName, ImportReport } from '../api/contract';
import { defaultWorkspacePath } from '../cli/defaultWorkspace';
import { dispatch } from '../services/dispatch';
import { setApiKeySource } from '../services/judges/apiKey';
import { openSession } from '../services/session';
import { EVENT_CHANNEL } from '../transports/ipc/register';
import type { AppPaths } from './appPaths';
import { backupFolderFor } from '../services/backups/backupPlan';
import { BackupScheduler } from '../services/backups/backupScheduler';
import { runDailyBackup } from '../services/backups/dailyBackup';
import { writeSnapshot } from '../services/backups/snapshot';
import * as dialogs from './dialogs';
import { apiKeyStore } from './keychain/apiKeyStore';
import { askForApiKey } from './keychain/apiKeyWindow';
import { keychainKeySource } from './keychain/keychainKeySource';
import { buildMenuTemplate, type MenuActions } from './menu/menuTemplate';
import { APP_INDEX_URL, APP_RESPONSE_HEADERS, APP_SCHEME, resolveAppRequest } from './security/appProtocol';
import { withPolicyHeader } from './security/cspHeaders';
import { hardenContents } from './security/hardenContents';
import { isPermissionAllowed } from './security/permissions';
import { isTrustedSender } from './security/trustedSender';
import { mainWindowOptions } from './security/windowOptions';
import { readJsonFile, writeJsonFile } from './state/jsonFile';
import { parseSettings, withOpenedWorkspace, withoutRecentWorkspaces, withoutWorkspace, type Settings } from './state/settings';
import { captureWindowState, restoreWindowState } from './state/windowState';
import { summarizeImport } from './workspace/importSummary';
import { startupWorkspaces, withWorkspaceExtension } from './workspace/workspaceFiles';
import { WorkspaceHost } from './workspace/workspaceHost';
import { askForTeamWorkspace, openTeamWindow } from './team/teamWindow';

/** What main.ts needs from the running app. */
export interface DesktopApp {
  /** A second launch (or an opened `.accord` file): bring the window forward, open the file. */
  activate(workspacePath: string | null): void;
  /** Waits for a running backup, then closes the workspace (WAL checkpoint). */
  shutdown(): Promise<void>;
}

/**
 * The desktop app once Electron is ready: serves the renderer on the app scheme, opens the
 * startup workspace, creates the window and the menu, and schedules the daily backups. Every
 * decision lives in a pure module beside this one; this file only wires them to Electron.
 */
export function startDesktopApp(paths: AppPaths, requested: string | null): DesktopApp {
  installAppProtocol(paths.rendererDir);
  installSessionPolicy();

  let settings = parseSettings(readJsonFile(paths.settingsFile));
  let window: BrowserWindow | null = null;
  // Judge runs read their API key from the OS keychain (then OPENAI_API_KEY), never from the renderer.
  const keyStore = apiKeyStore(paths.apiKeyFile, safeStorage);
  setApiKeySource(keychainKeySource(keyStore));

  const host = new WorkspaceHost({ ipcMain, isTrustedSender, openSession, send: sendToWindow, backupsRoot: paths.backupsRoot });
  const backups = new BackupScheduler(
    async () => {
      const current = host.current;
      const workspacePath = host.workspacePath;
      if (!current || !workspacePath) return;
      await runDailyBackup(current.db, backupFolderFor(paths.backupsRoot, workspacePath), settings.backupsToKeep);
    },
    (error) => console.error(`accord: daily backup failed: ${(error as Error).message}`),
  );

  function sendToWindow<E extends EventName>(event: E, payload: ApiEvents[E]): void {
    if (!window || window.isDestroyed()) return;
    window.webContents.send(EVENT_CHANNEL, event, payload);
    if (event === 'job.progress') {
      const progress = payload as ApiEvents['job.progress'];
      // Taskbar / dock progress; 2 shows an indeterminate bar while the total is unknown.
      window.setProgressBar(progress.finished ? -1 : progress.total ? progress.done / progress.total : 2);
    }
  }

  function saveSettings(next: Settings): void {
    settings = next;
    try {
      writeJsonFile(paths.settingsFile, settings);
    } catch (error) {
      console.error(`accord: cannot save settings: ${(error as Error).message}`);
    }
    refreshMenu();
  }

  /** Opens a workspace; on failure says why and keeps the current one. */
  function openWorkspace(workspacePath: string): boolean {
    try {
      host.open(workspacePath);
    } catch (error) {
      if (!fs.existsSync(workspacePath)) saveSettings(withoutWorkspace(settings, workspacePath));
      void dialogs.tell(window, 'error', `Cannot open ${path.basename(workspacePath)}`, (error as Error).message);
      return false;
    }
    saveSettings(withOpenedWorkspace(settings, workspacePath));
    window?.setTitle(windowTitle(workspacePath));
    void backups.runNow();
    return true;
  }

  /** Moves the app to another workspace; the page reloads so it shows the new one's data. */
  async function switchWorkspace(workspacePath: string): Promise<void> {
    const target = path.resolve(workspacePath);
    if (target === host.workspacePath) return;
    await backups.idle();
    if (openWorkspace(target)) window?.webContents.reload();
  }

  function createWindow(): void {
    const state = restoreWindowState(readJsonFile(paths.windowStateFile), screen.getAllDisplays().map((display) => display.workArea));
    const created = new BrowserWindow(
      mainWindowOptions({ preloadPath: paths.preloadPath, state, title: windowTitle(host.workspacePath), iconPath: fs.existsSync(paths.iconPath) ? paths.iconPath : undefined }),
    );
    if (state.maximized) created.maximize();
    created.on('page-title-updated', (event) => event.preventDefault());
    created.webContents.on('will-prevent-unload', (event) => dialogs.confirmLeavingUnsaved(created, event));
    created.once('ready-to-show', () => created.show());
    created.on('close', () => {
      try {
        writeJsonFile(paths.windowStateFile, captureWindowState(created.getNormalBounds(), created.isMaximized()));
      } catch (error) {
        console.error(`accord: cannot save the window state: ${(error as Error).message}`);
      }
    });
    created.on('closed', () => {
      if (window === created) window = null;
    });
    void created.loadURL(APP_INDEX_URL);
    window = created;
  }

  const actions: MenuActions = {
    newWorkspace: () => void newWorkspace(),
    openWorkspace: () => void dialogs.askOpenWorkspacePath(window).then((p) => (p ? switchWorkspace(p) : undefined)),
    openRecent: (workspacePath) => {
      if (fs.existsSync(workspacePath)) return void switchWorkspace(workspacePath);
      saveSettings(withoutWorkspace(settings, workspacePath));
      void dialogs.tell(window, 'warning', `${path.basename(workspacePath)} no longer exists`, `${workspacePath} was moved or deleted; it has been removed from the recent list.`);
    },
    clearRecent: () => saveSettings(withoutRecentWorkspaces(settings)),
    openTeamWorkspace: () => void askForTeamWorkspace(window).then((address) => (address ? openTeamWindow(address) : undefined)),
    importFiles: () => void dialogs.askImportPaths(window).then(importPaths),
    importFolder: () => void dialogs.askImportFolder(window).then((folder) => importPaths(folder ? [folder] : [])),
    exportWorkspace: () => void exportWorkspace(),
    showBackups: () => {
      if (!host.workspacePath) return;
      const folder = backupFolderFor(paths.backupsRoot, host.workspacePath);
      fs.mkdirSync(folder, { recursive: true });
      void shell.openPath(folder);
    },
    judgeApiKey: () => void setJudgeApiKey(),
    about: () =>
      void dialogs.tell(
        window,
        'info',
        `Accord ${app.getVersion()}`,
        [
          `Workspace: ${host.workspacePath ?? 'none'}`,
          `Backups: ${paths.backupsRoot} (the last ${settings.backupsToKeep} days)`,
          `Electron ${process.versions.electron} · Chromium ${process.versions.chrome} · Node ${process.versions.node}`,
        ].join('\n'),
      ),
  };

  async function newWorkspace(): Promise<void> {
    const chosen = await dialogs.askNewWorkspacePath(window);
    if (!chosen) return;
    const target = withWorkspaceExtension(chosen);
    if (fs.existsSync(target)) {
      // Never overwrite: a file there may be someone's only copy of their labels.
      return dialogs.tell(window, 'warning', `${path.basename(target)} already exists`, 'Accord does not replace existing files. Choose another name, or use File › Open Workspace to open it.');
    }
    await switchWorkspace(target);
  }

  /** Imports files or folders the person chose in a native dialog (a folder: its files, into one dataset). */
  async function importPaths(files: string[]): Promise<void> {
    const current = host.current;
    if (!current || files.length === 0) return;
    const reply = await dispatch(current.ctx, 'datasets.import', { sources: files.map((file) => ({ path: file })) }, host.windowClaim);
    if (!reply.ok) return dialogs.tell(window, 'error', 'The import failed', reply.error.message);
    const summary = summarizeImport(reply.value as ImportReport);
    await dialogs.tell(window, summary.type, summary.message, summary.detail);
  }

  /** Asks for the judge API key in a small window of its own and stores it in the keychain, or forgets it. */
  async function setJudgeApiKey(): Promise<void> {
    const answer = await askForApiKey(window, keyStore.has());
    if (!answer) return;
    try {
      if (answer.action === 'forget') {
        keyStore.forget();
        await dialogs.tell(window, 'info', 'API key forgotten', 'Judge runs now use OPENAI_API_KEY from the environment, if it is set, or send no key.');
      } else {
        keyStore.save(answer.key);
        await dialogs.tell(window, 'info', 'API key saved', 'Judge runs send it to the endpoint they call. It is kept encrypted by your system keychain.');
      }
    } catch (error) {
      await dialogs.tell(window, 'error', 'The API key was not saved', (error as Error).message);
    }
  }

  async function exportWorkspace(): Promise<void> {
    const current = host.current;
    const workspacePath = host.workspacePath;
    if (!current || !workspacePath) return;
    const chosen = await dialogs.askExportPath(window, workspacePath);
    if (!chosen) return;
    const target = path.resolve(withWorkspaceExtension(chosen));
    if (target === workspacePath) return dialogs.tell(window, 'warning', 'Choose another file', 'A copy cannot replace the workspace it is copied from.');
    try {
      await writeSnapshot(current.db, target);
      await dialogs.tell(window, 'info', 'Workspace copy saved', target);
    } catch (error) {
      await dialogs.tell(window, 'error', 'The copy could not be saved', (error as Error).message);
    }
  }

  function refreshMenu(): void {
    const template = buildMenuTemplate(
      { platform: process.platform, appName: 'Accord', recentWorkspaces: settings.recentWorkspaces, workspacePath: host.workspacePath, isDevelopment: !app.isPackaged },
      actions,
    );
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  const candidates = startupWorkspaces({
    fromArgv: requested,
    envOverride: Boolean(process.env.ACCORD_WORKSPACE),
    defaultPath: defaultWorkspacePath(),
    last: settings.lastWorkspace && fs.existsSync(settings.lastWorkspace) ? settings.lastWorkspace : null,
  });
  const opened = candidates.some((candidate) => openWorkspace(candidate));
  createWindow();
  refreshMenu();
  if (!opened) void dialogs.tell(window, 'error', 'No workspace could be opened', `Tried: ${candidates.join(', ')}. Use File › New Workspace.`);
  backups.start();

  return {
    activate(workspacePath) {
      if (!window) createWindow();
      else {
        if (window.isMinimized()) window.restore();
        window.focus();
      }
      if (workspacePath) void switchWorkspace(workspacePath);
    },
    async shutdown() {
      await backups.stop();
      host.close();
    },
  };
}

function windowTitle(workspacePath: string | null): string {
  return workspacePath ? `${path.basename(workspacePath)} — Accord` : 'Accord';
}

/** Serves the built renderer on `accord://app/` with the security headers on every response. */
function installAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const resolved = resolveAppRequest(rendererDir, request.url);
    if (resolved.kind === 'ui-missing') {
      return new Response(resolved.message, { status: 500, headers: { ...APP_RESPONSE_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
    }
    if (resolved.kind === 'not-found') {
      return new Response('Not found', { status: 404, headers: { ...APP_RESPONSE_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
    }
    const body = await fs.promises.readFile(resolved.file);
    return new Response(body, { status: 200, headers: { ...APP_RESPONSE_HEADERS, 'content-type': resolved.contentType } });
  });
}

/** Permissions refused but for clipboard writes, and the CSP header added to any document. */
function installSessionPolicy(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => callback(isPermissionAllowed(permission, details.requestingUrl)));
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin));
  ses.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withPolicyHeader(details.responseHeaders, details.resourceType) }));
}

/** Applies {@link hardenContents} to every web contents, with the confirmation dialog. */
export function hardenAllContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    hardenContents(contents, {
      confirmExternal: (url) => dialogs.confirmExternalLink(BrowserWindow.fromWebContents(contents), url),
      openExternal: (url) => shell.openExternal(url),
      log: (message) => console.warn(`accord: ${message}`),
    });
  });
}
