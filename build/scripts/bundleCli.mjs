#!/usr/bin/env node
// npm run build:cli (also run by `prepare` at `npm ci`) — bundles the `accord` command into
// dist/cli/ so that it starts fast (see build/scripts/lib/bundleCli.ts for what goes where, and
// electron/cli/cliBundle.cjs for when bin.cjs runs it). With --optional (prepare), a failed
// build is a warning, not a failed `npm ci`: without a bundle, `accord` runs the sources.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { bundleCli } = await import('./lib/bundleCli.ts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const result = await bundleCli(root);
  console.log(`Bundled the accord command into ${path.relative(root, result.outDir)}/ (${path.basename(result.entry)} and its chunks with their code caches, parseWorker.cjs)`);
} catch (error) {
  console.error(`build:cli: ${error instanceof Error ? error.message : String(error)}`);
  if (process.argv.includes('--optional')) console.error('build:cli: no bundle; `accord` runs from the TypeScript sources (slower to start) until `npm run build:cli` succeeds');
  else process.exitCode = 1;
}
