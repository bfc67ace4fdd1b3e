#!/usr/bin/env node
// The `accord` command. It runs the bundled CLI (dist/cli/accord.mjs, built by `prepare` at
// `npm ci` and by `npm run build:cli`) while that bundle matches the sources, else the
// TypeScript sources directly through tsx — never a stale bundle: see cliBundle.mjs for the rule.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { cliBundleState } from './cliBundle.mjs';

// Most `accord` runs are over in a tenth of a second. V8 sends a function to its optimising
// compiler (TurboFan) once it has run ~66 KB of bytecode (Node 20's default budget); for a small
// `accord agreement`, whose bootstrap runs a few hot loops for ~15 ms, compiling them costs more
// than it saves (~20 ms of CPU, ~20 ms of wall time on a busy machine: build/bench/cliStartup.ts).
// A budget ~15× larger leaves such short bursts to the interpreter and still optimises what runs
// longer (a 3,000 units × 12 raters agreement or a 100,000 × 2 one: the same CPU time within 3%).
setFlagsFromString('--interrupt-budget=1000000');

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
  const { register } = await import('tsx/esm/api');
  register();
  await import('./run.ts');
}
