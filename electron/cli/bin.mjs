#!/usr/bin/env node
// The `accord` command. It runs the bundled CLI (dist/cli/accord.mjs, built by `prepare` at
// `npm ci` and by `npm run build:cli`; bundleLoader.mjs runs it) while that bundle matches the
// sources, else the TypeScript sources directly through tsx — never a stale bundle: see
// cliBundle.mjs for the rule.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setV8Flags } from './bundleLoader.mjs';
import { cliBundleState } from './cliBundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bundle = process.env.ACCORD_CLI === 'sources' ? { entry: null, reason: 'ACCORD_CLI=sources' } : cliBundleState(root);
if (bundle.entry) {
  await import(pathToFileURL(bundle.entry).href);
} else if (process.env.ACCORD_CLI === 'bundle') {
  // The start-up bench insists on the bundle: a source edited mid-run must not pass off the
  // sources' start-up as the bundle's.
  process.stderr.write(`accord: ACCORD_CLI=bundle, but the CLI bundle is ${bundle.reason}; \`npm run build:cli\` rebuilds it\n`);
  process.exitCode = 3;
} else {
  // Only a person at a terminal hears about a stale bundle; scripts and tests just get the sources.
  if (bundle.reason.startsWith('stale') && process.stderr.isTTY) {
    process.stderr.write(`accord: the CLI bundle is older than the sources (${bundle.reason.slice(7)}); running the sources (slower). \`npm run build:cli\` rebuilds it.\n`);
  }
  // The bundle sets them itself (bundleLoader.mjs), so that its code caches were made under them.
  setV8Flags();
  const { register } = await import('tsx/esm/api');
  register();
  await import('./run.ts');
}
