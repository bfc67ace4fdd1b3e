import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import type { WindowState } from '../state/windowState';

/**
 * The renderer's sandbox. Each setting is Electron's secure default made explicit, so a change
 * of default or a careless edit shows up in review and in windowOptions.test.ts:
 * the page runs with no Node, in Chromium's sandbox, in a JavaScript world separate from the
 * preload's, and with the same-origin policy on.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  };
}

export interface MainWindowInput {
  preloadPath: string;
  state: WindowState;
  title: string;
  /** Window icon (Linux and Windows; macOS takes it from the bundle). */
  iconPath?: string;
}

/** Options of the one main window: restored size and place, hidden until its first paint. */
export function mainWindowOptions(input: MainWindowInput): BrowserWindowConstructorOptions {
  const { state } = input;
  return {
    title: input.title,
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : { center: true }),
    width: state.width,
    height: state.height,
    minWidth: 800,
    minHeight: 560,
    show: false,
    backgroundColor: '#f5f6f8',
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: secureWebPreferences(input.preloadPath),
  };
}
