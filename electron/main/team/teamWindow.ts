import { BrowserWindow, shell } from 'electron';
import { confirmLeavingUnsaved } from '../dialogs';
import { askWindow } from '../windows/askWindow';
import { teamAddress, teamNavigationAllowed, type TeamAddress } from './teamAddress';
import { parseTeamPageAction, teamPageHtml } from './teamPage';

/**
 * "Open Team Workspace…" (issue 16, part 2): asks for the invite link, then opens the team
 * server's own page in a window of its own. That window is a browser onto another machine: no
 * preload (the page cannot reach the local workspace's API — isTrustedSender refuses any frame
 * but the app's, see teamWorkspace.test.ts), sandboxed, its cookies in a partition per server, and
 * it never leaves that server's origin. The page redeems the invite itself, as in a browser.
 */
export function askForTeamWorkspace(parent: BrowserWindow | null): Promise<TeamAddress | null> {
  return new Promise((resolve) => {
    const window = askWindow(parent, { title: 'Open Team Workspace', width: 520, height: 380 });
    let settled = false;
    const finish = (answer: TeamAddress | null) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      if (!window.isDestroyed()) window.close();
    };
    const show = (input: { address?: string; error?: string } = {}) => void window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(teamPageHtml(input))}`);
    window.on('page-title-updated', (event, title) => {
      event.preventDefault();
      const action = parseTeamPageAction(title);
      if (action === 'cancel') finish(null);
      else if (action === 'open') {
        window.webContents.executeJavaScript('[document.getElementById("address").value, document.getElementById("invite").value]').then(
          ([address, invite]: [string, string]) => {
            const parsed = teamAddress(String(address), String(invite));
            if ('error' in parsed) show({ address: String(address).split('#')[0], error: parsed.error });
            else finish(parsed);
          },
          () => finish(null),
        );
      }
    });
    window.on('closed', () => finish(null));
    window.once('ready-to-show', () => window.show());
    show();
  });
}

/** Opens the team server's page, signed in by the invite, in a locked-down window of its own. */
export function openTeamWindow(address: TeamAddress): BrowserWindow {
  const window = new BrowserWindow({
    title: `Accord — ${new URL(address.origin).host}`,
    width: 1400,
    height: 900,
    show: false,
    webPreferences: { partition: address.partition, sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, webviewTag: false },
  });
  const contents = window.webContents;
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!teamNavigationAllowed(address.origin, url)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-prevent-unload', (event) => confirmLeavingUnsaved(window, event));
  contents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(address.link);
  return window;
}
