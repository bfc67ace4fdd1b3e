#!/usr/bin/env node
// npm start — the desktop app on the default workspace (filled from fixtures/ when empty), or
// browser mode with the reason when Electron is not installed. Logic: build/scripts/lib/runStart.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { runStart } = await import('./lib/runStart.ts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  process.exitCode = await runStart(root);
} catch (error) {
  console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.ACCORD_DEBUG && error instanceof Error) console.error(error.stack);
  process.exitCode = 1;
}
