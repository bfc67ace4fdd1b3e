import type { BrowserWindow } from 'electron';
import { askWindow } from '../windows/askWindow';
import { apiKeyPageHtml, apiKeyPageUrl, parseApiKeyAction } from './apiKeyPage';

/** What the user asked for in the API key window; null when they closed or cancelled it. */
export type ApiKeyAnswer = { action: 'save'; key: string } | { action: 'forget' } | null;

/**
 * Opens the API key window (modal to `parent`) and resolves with the user's choice. The page
 * runs sandboxed with no preload and no IPC: it signals through its title, and only then does
 * the main process read the field, once, before closing the window.
 */
export function askForApiKey(parent: BrowserWindow | null, hasKey: boolean): Promise<ApiKeyAnswer> {
  return new Promise((resolve) => {
    const window = askWindow(parent, { title: 'Judge API Key', width: 500, height: 330 });
    let settled = false;
    const finish = (answer: ApiKeyAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      if (!window.isDestroyed()) window.close();
    };
    window.on('page-title-updated', (event, title) => {
      event.preventDefault();
      const action = parseApiKeyAction(title);
      if (action === 'cancel') finish(null);
      else if (action === 'forget') finish({ action: 'forget' });
      else if (action === 'save') {
        window.webContents.executeJavaScript('document.getElementById("key").value').then(
          (key: unknown) => finish({ action: 'save', key: String(key) }),
          () => finish(null),
        );
      }
    });
    window.on('closed', () => finish(null));
    window.once('ready-to-show', () => window.show());
    void window.loadURL(apiKeyPageUrl(apiKeyPageHtml({ hasKey })));
  });
}
