#!/usr/bin/env node
// Second half of `npm run electron:fetch` (after Electron's own install script): builds
// better-sqlite3 for Electron's ABI beside Node's build. See build/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { buildNativeForElectron } = await import('./lib/electronNative.ts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8'));
try {
  console.log(`Building better-sqlite3 for Electron ${version} (${process.platform}-${process.arch})…`);
  const addon = await buildNativeForElectron(root, version);
  console.log(`Done: ${path.relative(root, addon)}`);
} catch (error) {
  console.error(
    `electron:fetch: could not build better-sqlite3 for Electron ${version}: ${error instanceof Error ? error.message : String(error)}\n` +
      'This step downloads a prebuilt binary or Electron headers, so it needs internet access ' +
      '(and, when compiling, a C++ toolchain: build-essential and python3 on Debian).',
  );
  process.exitCode = 1;
}
