import { spawn } from 'node:child_process';

/** The command that opens a URL in the user's browser, or null where that makes no sense. */
export function browserOpenCommand(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, url: string): { command: string; args: string[] } | null {
  if (env.CI || env.ACCORD_NO_OPEN === '1') return null;
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the "".
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return { command: 'xdg-open', args: [url] };
}

/** Tries to open `url`; never throws (no browser, no xdg-open: the printed URL is enough). */
export function tryOpenBrowser(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, url: string): boolean {
  const command = browserOpenCommand(platform, env, url);
  if (!command) return false;
  try {
    const child = spawn(command.command, command.args, { stdio: 'ignore', detached: true, windowsVerbatimArguments: platform === 'win32' });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
