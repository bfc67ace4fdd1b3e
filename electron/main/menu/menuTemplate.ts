import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';

/** What the menu's own items do; wired to dialogs and the workspace host by main. */
export interface MenuActions {
  newWorkspace(): void;
  openWorkspace(): void;
  openRecent(workspacePath: string): void;
  clearRecent(): void;
  /** Opens a team server's workspace by its address and an invite (electron/main/team). */
  openTeamWorkspace(): void;
  importFiles(): void;
  importFolder(): void;
  exportWorkspace(): void;
  showBackups(): void;
  /** Sets or forgets the API key judge runs send (kept in the OS keychain). */
  judgeApiKey(): void;
  about(): void;
}

export interface MenuModel {
  platform: NodeJS.Platform;
  appName: string;
  recentWorkspaces: readonly string[];
  /** The open workspace (disables import/export when none is open). */
  workspacePath: string | null;
  /** Unpackaged runs get the developer tools item. */
  isDevelopment: boolean;
}

/**
 * The application menu as plain data (no Electron at run time), so it is tested in Node and
 * `Menu.buildFromTemplate` only renders it. macOS gets its app menu and keeps Quit there;
 * elsewhere Quit ends the File menu. Standard edit roles are included because, on macOS,
 * copy and paste in text fields only work through the menu.
 */
export function buildMenuTemplate(model: MenuModel, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = model.platform === 'darwin';
  const hasWorkspace = model.workspacePath !== null;
  const recent: MenuItemConstructorOptions[] =
    model.recentWorkspaces.length === 0
      ? [{ id: 'recent-none', label: 'No Recent Workspaces', enabled: false }]
      : model.recentWorkspaces.map((workspacePath, index) => ({
          id: `recent-${index}`,
          label: recentLabel(workspacePath, model.recentWorkspaces),
          toolTip: workspacePath,
          click: () => actions.openRecent(workspacePath),
        }));

  const file: MenuItemConstructorOptions = {
    id: 'file',
    label: '&File',
    submenu: [
      { id: 'new-workspace', label: 'New Workspace…', accelerator: 'CmdOrCtrl+N', click: () => actions.newWorkspace() },
      { id: 'open-workspace', label: 'Open Workspace…', accelerator: 'CmdOrCtrl+O', click: () => actions.openWorkspace() },
      {
        id: 'open-recent',
        label: 'Open Recent',
        submenu: [
          ...recent,
          { type: 'separator' },
          { id: 'clear-recent', label: 'Clear Recent', enabled: model.recentWorkspaces.length > 0, click: () => actions.clearRecent() },
        ],
      },
      { id: 'open-team-workspace', label: 'Open Team Workspace…', click: () => actions.openTeamWorkspace() },
      { type: 'separator' },
      { id: 'import', label: 'Import Files…', accelerator: 'CmdOrCtrl+I', enabled: hasWorkspace, click: () => actions.importFiles() },
      // A release that writes one SOP graph a file (ALMITA) is a folder: it imports as one dataset named after it.
      { id: 'import-folder', label: 'Import Folder…', enabled: hasWorkspace, click: () => actions.importFolder() },
      {
        id: 'export',
        label: 'Export Workspace Copy…',
        accelerator: 'CmdOrCtrl+Shift+E',
        enabled: hasWorkspace,
        click: () => actions.exportWorkspace(),
      },
      { type: 'separator' },
      { id: 'show-backups', label: 'Show Backups Folder', enabled: hasWorkspace, click: () => actions.showBackups() },
      { id: 'judge-api-key', label: 'Judge API Key…', click: () => actions.judgeApiKey() },
      ...(mac ? [] : [{ type: 'separator' } as const, { id: 'quit', role: 'quit', label: 'Quit', accelerator: 'Ctrl+Q' } as const]),
    ],
  };

  const appMenu: MenuItemConstructorOptions = {
    id: 'app',
    label: model.appName,
    submenu: [
      { id: 'about', label: `About ${model.appName}`, click: () => actions.about() },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { id: 'quit', role: 'quit', label: `Quit ${model.appName}` },
    ],
  };

  const edit: MenuItemConstructorOptions = {
    id: 'edit',
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    id: 'view',
    label: '&View',
    submenu: [
      { role: 'reload' },
      ...(model.isDevelopment ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = {
    id: 'window',
    label: '&Window',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  };

  // macOS has About in the app menu; elsewhere it lives in Help.
  const help: MenuItemConstructorOptions = {
    id: 'help',
    label: '&Help',
    role: 'help',
    submenu: [{ id: 'about', label: `About ${model.appName}`, click: () => actions.about() }],
  };

  return mac ? [appMenu, file, edit, view, windowMenu] : [file, edit, view, windowMenu, help];
}

/**
 * The file name, with its folder when two recent workspaces share a name, so that
 * `~/a/default.accord` and `~/b/default.accord` can be told apart.
 */
export function recentLabel(workspacePath: string, all: readonly string[]): string {
  const name = path.basename(workspacePath);
  const clash = all.filter((other) => path.basename(other) === name).length > 1;
  // `&` would be read as a mnemonic marker on Windows and Linux.
  const label = clash ? `${name} — ${path.dirname(workspacePath)}` : name;
  return label.replace(/&/g, '&&');
}
