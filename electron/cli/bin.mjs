#!/usr/bin/env node
// The `accord` command. It runs the bundled CLI (dist/cli/accord.mjs, built by `prepare` at
// `npm ci` and by `npm run build:cli`) while that bundle matches the sources, else the
// TypeScript sources directly through tsx — never a stale bundle: see cliBundle.mjs for the rule.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliBundleState } from './cliBundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bundle = process.env.ACCORD_CLI === 'sources' ? { entry: null, reason: 'ACCORD_CLI=sources' } : cliBundleState(root);
if (bundle.entry) {
  await import(pathToFileURL(bundle.entry).href);
} else {
  // Only a person at a terminal hears about a stale bundle; scripts and tests just get the sources.
  if (bundle.reason.startsWith('stale') && process.stderr.isTTY) {
    process.stderr.write(`accord: the CLI bundle is older than the sources (${bundle.reason.slice(7)}); running the sources (slower). \`npm run build:cli\` rebuilds it.\n`);
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import('./run.ts');
}
