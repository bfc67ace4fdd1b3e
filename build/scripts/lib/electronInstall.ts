import fs from 'node:fs';
import path from 'node:path';
import { devNativeBindingPath } from '../../../electron/main/native/nativeBinding';

/** What of the desktop runtime is installed in a checkout. */
export interface ElectronInstall {
  /** The Electron executable, or null when `npm run electron:fetch` has not run. */
  binary: string | null;
  /** The version the electron package declares (whether or not its binary is there). */
  version: string | null;
  /** Electron's build of better-sqlite3's addon, or null when missing. */
  nativeBinding: string | null;
}

/**
 * Looks for Electron's binary the way the electron package itself does: `path.txt` names the
 * executable inside `dist/`. Both are written by its install script, which `npm ci` skips here
 * (package.json `allowScripts`), so on a fresh checkout neither exists.
 */
export function findElectron(projectRoot: string, electronPackageDir = path.join(projectRoot, 'node_modules', 'electron')): ElectronInstall {
  let version: string | null;
  try {
    version = (JSON.parse(fs.readFileSync(path.join(electronPackageDir, 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    version = null;
  }
  let binary: string | null;
  try {
    const relative = fs.readFileSync(path.join(electronPackageDir, 'path.txt'), 'utf8').trim();
    const candidate = path.join(electronPackageDir, 'dist', relative);
    binary = relative && fs.existsSync(candidate) ? candidate : null;
  } catch {
    binary = null;
  }
  const native = devNativeBindingPath(projectRoot);
  return { binary, version, nativeBinding: fs.existsSync(native) ? native : null };
}

/** The shared explanation of why Electron is missing and how to get it. */
export function electronMissingReason(install: ElectronInstall): string | null {
  if (!install.version) return 'the electron package is not installed (run: npm ci)';
  if (!install.binary) {
    return (
      `Electron ${install.version}'s binary is not installed: \`npm ci\` does not download it (package.json ` +
      '"allowScripts" skips its install script, so installing works without internet access). ' +
      'On a machine with internet access, run: npm run electron:fetch'
    );
  }
  if (!install.nativeBinding) {
    return (
      "better-sqlite3 has not been built for Electron's ABI yet (the build in node_modules is Node's). " +
      'On a machine with internet access, run: npm run electron:fetch'
    );
  }
  return null;
}
