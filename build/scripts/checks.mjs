#!/usr/bin/env node
// npm test's first step: the checks that do not depend on each other — both type checks, lint
// and the renderer build the browser tests load — all four at the same time (see
// lib/runParallel.mjs). Fails, after all have run, if any failed.
//
// All four, not one per core: each is single-threaded and CPU-bound, and on two cores one per
// core ran both type checks (~30 s each) and then lint (~25 s) alone on one core while the other
// idled after the 4 s renderer build: ~55 s of wall for ~75 s of CPU. All at once the machine
// shares them out and the wall comes near the CPU over the cores (loaded 2-core machine,
// alternated: 74 and 65 s all at once, 87 and 64 s two at a time, others' load varying).
//
// The type checks run TypeScript 7 (the native compiler, package alias `typescript7`), single-
// threaded: 7-8 CPU-s per project against 33-40 with TypeScript 5.9, and on two cores its own
// threads only competed with the other checks (alone, 6.4 s wall single-threaded, 7.6 s
// threaded). Checks went from ~55 s to ~30 s, lint now the longest. TypeScript 5.9 stays for
// typescript-eslint, which parses with TypeScript's JavaScript API (TypeScript 7 has none yet).
import { runParallel } from './lib/runParallel.mjs';

/** npm scripts, longest first. */
const SCRIPTS = ['typecheck:web', 'typecheck:node', 'lint', 'build:renderer'];

// Under npm, npm_execpath is npm's own script; run it with this node rather than look for npm on PATH.
const npm = process.env.npm_execpath ? { command: process.execPath, prefix: [process.env.npm_execpath] } : { command: 'npm', prefix: [] };
const failed = await runParallel(
  SCRIPTS.map((script) => ({ name: `npm run ${script}`, command: npm.command, args: [...npm.prefix, 'run', '--silent', script] })),
  { concurrency: SCRIPTS.length },
);
if (failed.length > 0) {
  console.error(`\nchecks failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
