#!/usr/bin/env node
// npm test's first step: the checks that do not depend on each other — both type checks, lint
// and the renderer build the browser tests load — at the same time, one per core (see
// lib/runParallel.mjs). Fails, after all have run, if any failed.
import { runParallel } from './lib/runParallel.mjs';

/** npm scripts, longest first. */
const SCRIPTS = ['typecheck:web', 'typecheck:node', 'lint', 'build:renderer'];

// Under npm, npm_execpath is npm's own script; run it with this node rather than look for npm on PATH.
const npm = process.env.npm_execpath ? { command: process.execPath, prefix: [process.env.npm_execpath] } : { command: 'npm', prefix: [] };
const failed = await runParallel(SCRIPTS.map((script) => ({ name: `npm run ${script}`, command: npm.command, args: [...npm.prefix, 'run', '--silent', script] })));
if (failed.length > 0) {
  console.error(`\nchecks failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
