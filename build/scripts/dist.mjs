#!/usr/bin/env node
// npm run dist — installers for this platform into dist/installers (build/README.md).
// Fails at once, with the reason, where Electron's binary is not installed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { runDist } = await import('./lib/runDist.ts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  // ACCORD_ELECTRON_PACKAGE_DIR points the binary check elsewhere (tests).
  process.exitCode = await runDist(root, process.argv.slice(2), process.env.ACCORD_ELECTRON_PACKAGE_DIR || undefined);
} catch (error) {
  console.error(`npm run dist: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
