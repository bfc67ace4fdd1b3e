import fs from 'node:fs';
import path from 'node:path';

interface RootManifest {
  name: string;
  version: string;
  description?: string;
  license?: string;
}

/**
 * The package.json of the packaged app: no dependencies (main.cjs bundles everything but
 * Electron, and the SQLite addon ships as an extra resource), so electron-builder copies no
 * node_modules and rebuilds nothing.
 */
export function appManifest(root: RootManifest): Record<string, unknown> {
  return {
    name: root.name,
    productName: 'Accord',
    version: root.version,
    description: root.description ?? '',
    license: root.license ?? 'UNLICENSED',
    author: { name: 'Accord contributors' },
    main: 'electron/main.cjs',
  };
}

/**
 * Lays out dist/app — electron-builder's app directory (`directories.app`) — from the two
 * bundles: `electron/` (main, preload, migrations, icon) and `renderer/`, the same relative
 * layout as dist/ in the checkout, so appPaths() finds everything the same way.
 */
export function stageApp(projectRoot: string): string {
  const dist = path.join(projectRoot, 'dist');
  const appDir = path.join(dist, 'app');
  for (const part of ['electron', 'renderer']) {
    if (!fs.existsSync(path.join(dist, part))) throw new Error(`dist/${part} is missing; build it first`);
  }
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.mkdirSync(appDir, { recursive: true });
  fs.cpSync(path.join(dist, 'electron'), path.join(appDir, 'electron'), { recursive: true, filter: (file) => !file.endsWith('.map') });
  fs.cpSync(path.join(dist, 'renderer'), path.join(appDir, 'renderer'), { recursive: true, filter: (file) => !file.endsWith('.map') });
  const root = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as RootManifest;
  fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify(appManifest(root), null, 2) + '\n');
  return appDir;
}
