import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, recentLabel, type MenuActions, type MenuModel } from './menuTemplate';

function actions(): MenuActions {
  return {
    newWorkspace: vi.fn(),
    openWorkspace: vi.fn(),
    openRecent: vi.fn(),
    clearRecent: vi.fn(),
    openTeamWorkspace: vi.fn(),
    importFiles: vi.fn(),
    importFolder: vi.fn(),
    exportWorkspace: vi.fn(),
    showBackups: vi.fn(),
    judgeApiKey: vi.fn(),
    about: vi.fn(),
  };
}

const model = (overrides: Partial<MenuModel> = {}): MenuModel => ({
  platform: 'linux',
  appName: 'Accord',
  recentWorkspaces: ['/home/a/labels.accord', '/home/a/default.accord'],
  workspacePath: '/home/a/labels.accord',
  isDevelopment: false,
  ...overrides,
});

/** Every item of the template, depth first. */
function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}
const byId = (items: MenuItemConstructorOptions[], id: string) => flatten(items).find((item) => item.id === id);
const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as (() => void) | undefined)?.();

describe('buildMenuTemplate', () => {
  it('has File, Edit, View, Window and Help on Linux and Windows', () => {
    expect(buildMenuTemplate(model(), actions()).map((m) => m.id)).toEqual(['file', 'edit', 'view', 'window', 'help']);
    expect(buildMenuTemplate(model({ platform: 'win32' }), actions()).map((m) => m.id)).toEqual(['file', 'edit', 'view', 'window', 'help']);
  });

  it('puts the app menu first on macOS, with About and Quit there instead of in File and Help', () => {
    const template = buildMenuTemplate(model({ platform: 'darwin' }), actions());
    expect(template.map((m) => m.id)).toEqual(['app', 'file', 'edit', 'view', 'window']);
    const app = template[0].submenu as MenuItemConstructorOptions[];
    expect(app.map((item) => item.role ?? item.id).filter(Boolean)).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect((template[1].submenu as MenuItemConstructorOptions[]).some((item) => item.role === 'quit')).toBe(false);
  });

  it('offers new, open, recent, open team workspace, import, export, backups, the judge API key and quit in File, in that order, with their shortcuts', () => {
    const file = buildMenuTemplate(model(), actions())[0].submenu as MenuItemConstructorOptions[];
    const named = file.filter((item) => item.type !== 'separator');
    expect(named.map((item) => item.label)).toEqual([
      'New Workspace…',
      'Open Workspace…',
      'Open Recent',
      'Open Team Workspace…',
      'Import Files…',
      'Import Folder…',
      'Export Workspace Copy…',
      'Show Backups Folder',
      'Judge API Key…',
      'Quit',
    ]);
    expect(named.map((item) => item.accelerator)).toEqual(['CmdOrCtrl+N', 'CmdOrCtrl+O', undefined, undefined, 'CmdOrCtrl+I', undefined, 'CmdOrCtrl+Shift+E', undefined, undefined, 'Ctrl+Q']);
    expect(named.at(-1)?.role).toBe('quit');
  });

  it('calls the matching action for each item', () => {
    const a = actions();
    const template = buildMenuTemplate(model(), a);
    click(byId(template, 'new-workspace'));
    click(byId(template, 'open-workspace'));
    click(byId(template, 'import'));
    click(byId(template, 'import-folder'));
    click(byId(template, 'export'));
    click(byId(template, 'show-backups'));
    click(byId(template, 'judge-api-key'));
    click(byId(template, 'clear-recent'));
    click(byId(template, 'open-team-workspace'));
    click(byId(template, 'about'));
    for (const action of Object.values(a).filter((fn) => fn !== a.openRecent)) expect(action).toHaveBeenCalledOnce();
  });

  it('lists recent workspaces, most recent first, each opening its own path', () => {
    const a = actions();
    const template = buildMenuTemplate(model(), a);
    const recent = byId(template, 'open-recent')?.submenu as MenuItemConstructorOptions[];
    expect(recent.map((item) => item.label ?? item.type)).toEqual(['labels.accord', 'default.accord', 'separator', 'Clear Recent']);
    click(recent[1]);
    expect(a.openRecent).toHaveBeenCalledWith('/home/a/default.accord');
    expect(recent[0].toolTip).toBe('/home/a/labels.accord');
  });

  it('shows a disabled placeholder and a disabled Clear Recent when there is no recent workspace', () => {
    const recent = byId(buildMenuTemplate(model({ recentWorkspaces: [] }), actions()), 'open-recent')?.submenu as MenuItemConstructorOptions[];
    expect(recent[0]).toMatchObject({ label: 'No Recent Workspaces', enabled: false });
    expect(recent.at(-1)).toMatchObject({ label: 'Clear Recent', enabled: false });
  });

  it('disables importing, export and backups while no workspace is open', () => {
    const template = buildMenuTemplate(model({ workspacePath: null }), actions());
    for (const id of ['import', 'import-folder', 'export', 'show-backups']) expect(byId(template, id)?.enabled, id).toBe(false);
    expect(byId(template, 'new-workspace')?.enabled).not.toBe(false);
  });

  it('offers the developer tools only when running unpackaged', () => {
    const roles = (isDevelopment: boolean) => flatten(buildMenuTemplate(model({ isDevelopment }), actions())).map((item) => item.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
  });

  it('keeps the standard edit roles (copy and paste in text fields need them on macOS)', () => {
    const edit = buildMenuTemplate(model({ platform: 'darwin' }), actions()).find((m) => m.id === 'edit')?.submenu as MenuItemConstructorOptions[];
    expect(edit.map((item) => item.role).filter(Boolean)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
  });
});

describe('recentLabel', () => {
  it('is the file name, with the folder when two recent workspaces share it', () => {
    const all = ['/a/default.accord', '/b/default.accord', '/c/labels.accord'];
    expect(recentLabel('/c/labels.accord', all)).toBe('labels.accord');
    expect(recentLabel('/b/default.accord', all)).toBe('default.accord — /b');
  });

  it('escapes & so it is not read as a keyboard mnemonic', () => {
    expect(recentLabel('/x/R&D.accord', ['/x/R&D.accord'])).toBe('R&&D.accord');
  });
});
