import { BrowserWindow } from 'electron';

/**
 * A small fixed-size window that asks one question (the API key, a team workspace's invite),
 * modal to `parent`: sandboxed, no preload, no Node, no devtools, no menu. Its page signals
 * through its title, so it needs no IPC. Shown by the caller once its page is loaded.
 */
export function askWindow(parent: BrowserWindow | null, options: { title: string; width: number; height: number }): BrowserWindow {
  const window = new BrowserWindow({
    ...(parent ? { parent, modal: true } : {}),
    ...options,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, spellcheck: false, devTools: false },
  });
  window.setMenu(null);
  return window;
}
