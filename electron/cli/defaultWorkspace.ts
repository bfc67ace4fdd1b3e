import os from 'node:os';
import path from 'node:path';

/**
 * The workspace used without `--workspace`: `$ACCORD_WORKSPACE`, else `default.accord` in
 * the same per-user folder Electron's `app.getPath('userData')` uses for "Accord", so the
 * CLI and the desktop app open the same file.
 */
export function defaultWorkspacePath(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.ACCORD_WORKSPACE) return path.resolve(env.ACCORD_WORKSPACE);
  return path.join(userAccordFolder(env, platform), 'default.accord');
}

/** The per-user Accord folder (Electron's `userData` for "Accord"): the default workspace and the backups live there. */
export function userAccordFolder(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  const appData =
    platform === 'win32'
      ? env.APPDATA ?? path.join(home, 'AppData', 'Roaming')
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : env.XDG_CONFIG_HOME ?? path.join(home, '.config');
  return path.join(appData, 'Accord');
}
