#!/usr/bin/env node
// npm run build:electron — bundles the Electron main process and preload into dist/electron/
// (see build/scripts/lib/bundle.ts for what goes where and why).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { bundleElectron } = await import('./lib/bundle.ts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const result = await bundleElectron(root);
  console.log(`Bundled the desktop shell into ${path.relative(root, result.outDir)}/ (main.cjs, preload.cjs, parseWorker.cjs, migrations/)`);
} catch (error) {
  console.error(`build:electron: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
