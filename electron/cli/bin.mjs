#!/usr/bin/env node
// `accord` as bin.cjs runs it (package.json's "bin"), for the tests and scripts that start
// electron/cli/bin.mjs: the same command, plus Node's ES module loader.
import './bin.cjs';
