#!/usr/bin/env node
// The `accord` command (package.json "bin"). It runs the bundled CLI (dist/cli/accord.cjs, built
// by `prepare` at `npm ci` and by `npm run build:cli`; bundleLoader.cjs runs it) while that
// bundle matches the sources, else the TypeScript sources directly through tsx — never a stale
// bundle: see cliBundle.cjs for the rule. CommonJS, as are the files it loads to run the bundle:
// Node's ES module loader would add ~6 ms of CPU to every run (build/bench/cliStartup.ts).
'use strict';
const path = require('node:path');
const { setV8Flags } = require('./bundleLoader.cjs');
const { cliBundleState } = require('./cliBundle.cjs');

const root = path.resolve(__dirname, '../..');
const bundle = process.env.ACCORD_CLI === 'sources' ? { entry: null, reason: 'ACCORD_CLI=sources' } : cliBundleState(root);
if (bundle.entry) {
  require(bundle.entry);
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
  // The bundle sets them itself (bundleLoader.cjs), so that its code caches were made under them.
  setV8Flags();
  // tsx's loader hooks are for ES modules: the sources run as they always have.
  void import('tsx/esm/api').then(({ register }) => {
    register();
    return import('./run.ts');
  });
}
