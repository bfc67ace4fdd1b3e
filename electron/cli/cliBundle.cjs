// Which code `accord` runs: the bundle in dist/cli (`npm run build:cli`, run by `prepare` at
// `npm ci`; build/scripts/lib/bundleCli.ts), which starts in tens of milliseconds, or the
// TypeScript sources through tsx, which take over a second to compile.
//
// The rule: the bundle runs only while it is what the sources would build now. Its manifest
// lists every project file that went into it with its modification time and size; if any of
// them differs or is gone, the bundle is stale and bin.cjs runs the sources instead. So an edit,
// a `git pull` or a checkout never runs old code, in tests (which spawn bin.cjs) or by hand,
// and nothing needs remembering; `npm run build:cli` makes start-up fast again. A new source
// file can only come into play through an edit to one already listed, so it is caught too.
// Dependencies (node_modules) are not compared: they change through `npm ci`/`npm install`,
// which rebuild through `prepare`. ACCORD_CLI=sources skips the bundle whatever its state
// (e.g. for stack traces that point into the sources).
//
// Plain JavaScript, CommonJS like bin.cjs: it runs before tsx is (or need be) loaded.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const MANIFEST_NAME = 'manifest.json';
exports.MANIFEST_NAME = MANIFEST_NAME;

/**
 * The bundle's entry to run, or why not: `{ entry }` when `outDir` holds a bundle built from the
 * project files as they are now, else `{ entry: null, reason }` ('missing', 'stale: <file>').
 */
function cliBundleState(projectRoot, outDir = path.join(projectRoot, 'dist', 'cli')) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(outDir, MANIFEST_NAME), 'utf8'));
  } catch {
    return { entry: null, reason: 'missing' };
  }
  // Every `accord` run pays for this loop (~460 files) before anything else, in a process whose
  // code V8 has not optimised yet, so it is kept lean: no entries array, no path.join, one
  // options object (about half the time of the plain version; forward slashes do on Windows too).
  const inputs = manifest.inputs ?? {};
  const prefix = `${projectRoot}/`;
  const options = { throwIfNoEntry: false };
  for (const file in inputs) {
    const recorded = inputs[file];
    const stat = fs.statSync(prefix + file, options);
    if (stat === undefined || stat.mtimeMs !== recorded.mtimeMs || stat.size !== recorded.size) return { entry: null, reason: `stale: ${file}` };
  }
  const entry = path.join(outDir, manifest.entry);
  return fs.existsSync(entry) ? { entry } : { entry: null, reason: 'missing' };
}
exports.cliBundleState = cliBundleState;
