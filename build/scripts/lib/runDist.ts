import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bundleElectron } from './bundle';
import { electronMissingReason, findElectron, type ElectronInstall } from './electronInstall';
import { stageApp } from './stageApp';

/** Where electron-builder's configuration lives. */
export const BUILDER_CONFIG = path.join('build', 'electron-builder.json');

/**
 * Why `npm run dist` cannot build installers, or null when it can. Checked before any work,
 * so a machine without Electron's binary fails in a second with this message rather than
 * after a renderer build and a failed download.
 */
export function distBlocker(install: ElectronInstall): string | null {
  const reason = electronMissingReason(install);
  return reason ? `npm run dist: cannot build installers: ${reason}` : null;
}

/**
 * `npm run dist [-- electron-builder options]`: renderer, Electron bundle, dist/app, then
 * electron-builder for this platform (Linux: AppImage + deb, macOS: dmg, Windows: nsis) into
 * dist/installers. Extra arguments go to electron-builder (e.g. `-- --linux deb`, `-- --dir`).
 */
export async function runDist(root: string, args: string[], electronPackageDir?: string): Promise<number> {
  const install = findElectron(root, electronPackageDir);
  const blocker = distBlocker(install);
  if (blocker) {
    process.stderr.write(`${blocker}\n`);
    return 1;
  }
  const step = (label: string, command: string, commandArgs: string[]) => {
    process.stdout.write(`${label}…\n`);
    const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${label} failed`);
  };
  step('Building the user interface', process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
  process.stdout.write('Bundling the desktop shell…\n');
  await bundleElectron(root);
  stageApp(root);
  step('Packaging with electron-builder', process.execPath, [
    path.join(root, 'node_modules', 'electron-builder', 'cli.js'),
    '--config',
    BUILDER_CONFIG,
    '--publish',
    'never',
    `-c.electronVersion=${install.version}`,
    ...args,
  ]);
  process.stdout.write(`Installers are in ${path.join('dist', 'installers')}/\n`);
  return 0;
}
