import { electronMissingReason, type ElectronInstall } from './electronInstall';

/** How `npm start` runs the app. */
export type LaunchPlan = { mode: 'electron'; binary: string } | { mode: 'browser'; reason: string };

export interface LaunchInputs {
  install: ElectronInstall;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

/**
 * The desktop app when Electron and its build of better-sqlite3 are installed and there is a
 * display to open a window on; otherwise browser mode, with the reason to print.
 * `ACCORD_BROWSER=1` asks for browser mode explicitly.
 */
export function planLaunch({ install, platform, env }: LaunchInputs): LaunchPlan {
  if (env.ACCORD_BROWSER === '1') return { mode: 'browser', reason: 'browser mode was asked for (ACCORD_BROWSER=1)' };
  const missing = electronMissingReason(install);
  if (missing || !install.binary) return { mode: 'browser', reason: missing ?? 'Electron is not installed' };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { mode: 'browser', reason: 'Electron is installed, but there is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  }
  return { mode: 'electron', binary: install.binary };
}
