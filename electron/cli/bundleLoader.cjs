// How the bundled `accord` runs (dist/cli, built by build/scripts/lib/bundleCli.ts, which says
// what goes where): its code is CommonJS chunks, and each chunk is compiled here through
// vm.Script with V8's code cache for it, a `.v8cache` file beside it. With a cache V8 skips
// parsing the chunk and compiling the functions the cache holds: `accord agreement` on a small
// CSV takes 12–16 ms less CPU (build/bench/cliStartup.ts, "without the code cache"), on a
// start-up of ~100 ms against bare node's ~63. Node 20 caches no compiled code itself (module.enableCompileCache came in 22.1),
// and ES modules can only be given a cache through an experimental flag, hence CommonJS.
//
// The caches are written by the build, which runs `accord --help` and `accord agreement` once
// (so the functions those run are in them), and by any run that loaded a chunk without a usable
// cache (a command the build did not run, or a Node whose V8 rejects the build's caches), when
// it exits. A cache belongs to one chunk: every chunk's name carries the hash of its content, so
// a rebuilt chunk is a new file and never meets an old chunk's cache; V8 itself rejects a cache
// made by another V8 version, with other V8 flags or for a source of another length. A rejected
// or missing cache only costs time: the chunk is compiled from its source, as without caches.
//
// Plain JavaScript, CommonJS like bin.cjs and cliBundle.cjs: it runs without tsx, and without
// Node's ES module loader, whose start-up costs every run ~6 ms of CPU.
'use strict';
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { setFlagsFromString } = require('node:v8');
const vm = require('node:vm');

/**
 * V8 flags of every `accord` run, set before any of its code is compiled. A code cache is only
 * accepted under the flags it was made with, so the build makes its caches under these too.
 *
 * Most `accord` runs are over in a tenth of a second. V8 sends a function to its optimising
 * compiler (TurboFan) once it has run ~66 KB of bytecode (Node 20's default budget); for a small
 * `accord agreement`, whose bootstrap runs a few hot loops for ~15 ms, compiling them costs more
 * than it saves (~20 ms of CPU, ~20 ms of wall time on a busy machine: build/bench/cliStartup.ts).
 * A budget ~15× larger leaves such short bursts to the interpreter and still optimises what runs
 * longer (a 3,000 units × 12 raters agreement or a 100,000 × 2 one: the same CPU time within 3%).
 */
const V8_FLAGS = ['--interrupt-budget=1000000'];

function setV8Flags() {
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
}

/**
 * ACCORD_CLI_CODE_CACHE: unset, caches are used and the missing or rejected ones written at exit;
 * `off` neither reads nor writes them (the bench's "without the code cache"); `rewrite` writes
 * every loaded chunk's cache at exit, from what this run compiled on top of the cache it read
 * (the build's runs, which add up what `--help` and `agreement` compile).
 */
const CODE_CACHE_ENV = 'ACCORD_CLI_CODE_CACHE';
const CODE_CACHE_SUFFIX = '.v8cache';

/**
 * The parameters each chunk's code is wrapped in, as Node wraps a CommonJS module, plus the URL
 * of the chunk file, which stands for `import.meta.url` in the bundled code. All on the first
 * line, so the chunk's line numbers are its file's.
 */
const HEAD = '(function (exports, require, module, __filename, __dirname, __accordChunkUrl) {';
const TAIL = '\n})';

/** A chunk's code as the function bundleLoader runs it in. */
function wrapChunk(code) {
  return HEAD + code + TAIL;
}

/**
 * Runs the bundle's `entry` chunk from `dir`. `files` names every chunk of the bundle: what a
 * chunk's `require('./<file>')` loads through here; anything else (node: modules, better-sqlite3)
 * is Node's require from the bundle folder.
 */
function runBundle(dir, entry, files) {
  setV8Flags();
  const mode = process.env[CODE_CACHE_ENV];
  const chunks = new Set(files);
  const modules = new Map();
  /** Scripts whose cache is to be written at exit. */
  const uncached = [];
  const nodeRequire = createRequire(path.join(dir, entry));
  // Chunk names are URL-safe ([A-Za-z0-9-.]): one URL for the folder serves them all.
  const dirUrl = pathToFileURL(path.join(dir, path.sep)).href;

  function load(name) {
    const loaded = modules.get(name);
    if (loaded) return loaded.exports;
    const file = path.join(dir, name);
    const cacheFile = file + CODE_CACHE_SUFFIX;
    let cachedData;
    if (mode === undefined || mode === '') cachedData = readIfThere(cacheFile);
    const script = new vm.Script(wrapChunk(fs.readFileSync(file, 'utf8')), {
      filename: file,
      cachedData,
      // esbuild turned the bundle's import() calls into requires; any left import as in Node.
      importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (mode === 'rewrite' || ((mode === undefined || mode === '') && (cachedData === undefined || script.cachedDataRejected))) uncached.push({ script, cacheFile });
    const module = { exports: {} };
    modules.set(name, module);
    script.runInThisContext().call(module.exports, module.exports, requireInBundle, module, file, dir, dirUrl + name);
    return module.exports;
  }

  function requireInBundle(specifier) {
    return specifier.startsWith('./') && chunks.has(specifier.slice(2)) ? load(specifier.slice(2)) : nodeRequire(specifier);
  }
  requireInBundle.resolve = nodeRequire.resolve;
  requireInBundle.cache = nodeRequire.cache;

  if (mode !== 'off') process.once('exit', () => writeCaches(dir, uncached));
  load(entry);
}

function readIfThere(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes each script's code cache (what V8 compiled of it so far) beside its chunk, through a
 * temporary file renamed into place, so that a run reading it meanwhile finds the old cache or
 * the new one, never half of one. A folder this user cannot write to (an install owned by
 * another user) is left alone: the caches the build wrote there are the ones used.
 */
function writeCaches(dir, uncached) {
  if (uncached.length === 0) return;
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    return;
  }
  for (const { script, cacheFile } of uncached) {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cacheFile);
    } catch {
      try {
        fs.rmSync(temporary, { force: true });
      } catch {
        // Nothing written that needs undoing.
      }
    }
  }
}

exports.V8_FLAGS = V8_FLAGS;
exports.setV8Flags = setV8Flags;
exports.CODE_CACHE_ENV = CODE_CACHE_ENV;
exports.CODE_CACHE_SUFFIX = CODE_CACHE_SUFFIX;
exports.wrapChunk = wrapChunk;
exports.runBundle = runBundle;
