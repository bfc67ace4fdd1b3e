import path from 'node:path';
import { app, dialog, type BrowserWindow } from 'electron';
import { IMPORT_FILTERS, WORKSPACE_FILTERS, exportCopyName } from './workspace/workspaceFiles';

// Native file dialogs, attached to the window when there is one (modal sheets on macOS).

export async function askNewWorkspacePath(window: BrowserWindow | null): Promise<string | null> {
  const options = {
    title: 'New Workspace',
    buttonLabel: 'Create',
    defaultPath: path.join(app.getPath('documents'), 'Untitled.accord'),
    filters: WORKSPACE_FILTERS,
  };
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

export async function askOpenWorkspacePath(window: BrowserWindow | null): Promise<string | null> {
  const options = { title: 'Open Workspace', filters: WORKSPACE_FILTERS, properties: ['openFile' as const] };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

export async function askImportPaths(window: BrowserWindow | null): Promise<string[]> {
  const options = { title: 'Import Files', buttonLabel: 'Import', filters: IMPORT_FILTERS, properties: ['openFile' as const, 'multiSelections' as const] };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

/** A folder whose files import into one dataset named after it (one SOP graph a file, as ALMITA releases them). */
export async function askImportFolder(window: BrowserWindow | null): Promise<string | null> {
  const options = { title: 'Import Folder', buttonLabel: 'Import', properties: ['openDirectory' as const] };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

export async function askExportPath(window: BrowserWindow | null, workspacePath: string): Promise<string | null> {
  const options = {
    title: 'Export Workspace Copy',
    buttonLabel: 'Export',
    defaultPath: path.join(app.getPath('documents'), exportCopyName(workspacePath, new Date())),
    filters: WORKSPACE_FILTERS,
  };
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

/** The confirmation every external link goes through before the system browser opens it. */
export async function confirmExternalLink(window: BrowserWindow | null, url: string): Promise<boolean> {
  const options = {
    type: 'question' as const,
    title: 'Open link in your browser?',
    message: 'Open this link in your web browser?',
    detail: url,
    buttons: ['Open in Browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return response === 0;
}

export async function tell(window: BrowserWindow | null, type: 'info' | 'warning' | 'error', message: string, detail?: string): Promise<void> {
  const options = { type, title: 'Accord', message, detail, buttons: ['OK'] };
  if (window) await dialog.showMessageBox(window, options);
  else await dialog.showMessageBox(options);
}

/**
 * The page's `beforeunload` asked to stay (it holds unsaved edits: a judge being edited).
 * Electron shows no question of its own and would silently keep the window open: ask here;
 * preventing the event lets the window close or reload after all.
 */
export function confirmLeavingUnsaved(window: BrowserWindow, event: { preventDefault(): void }): void {
  const choice = dialog.showMessageBoxSync(window, {
    type: 'warning',
    buttons: ['Leave', 'Stay'],
    defaultId: 1,
    cancelId: 1,
    title: 'Unsaved edits',
    message: 'Leave with unsaved edits?',
    detail: 'A judge has edits that are not saved. Leaving discards them; stay to save them as a new version.',
  });
  if (choice === 0) event.preventDefault();
}
