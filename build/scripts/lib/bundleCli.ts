import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build, transform, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { CODE_CACHE_ENV, wrapChunk } from '../../../electron/cli/bundleLoader.cjs';
import { MANIFEST_NAME } from '../../../electron/cli/cliBundle.cjs';

/** What `bundleCli` wrote. */
export interface CliBundleResult {
  outDir: string;
  /** The entry (`accord.cjs`): `node <entry> --help` is `accord --help`. */
  entry: string;
  /** The import's parse worker, beside the entry where electron/services/import/workerCode.ts looks. */
  parseWorker: string;
  /** Project files the bundle was built from, with the modification time and size bin.cjs compares. */
  manifest: string;
  /** esbuild's account of the command's build: what went into each chunk (keyed by path from the project). */
  metafile: Metafile;
}

/** What the manifest records (read by electron/cli/cliBundle.cjs, which says how it is used). */
export interface CliManifest {
  builtAt: string;
  entry: string;
  inputs: Record<string, { mtimeMs: number; size: number }>;
}

export interface BundleCliOptions {
  /**
   * More entry points bundled beside the CLI, by output name (`{ importWorker: '…/importWorker.ts' }`
   * writes `importWorker.mjs`): the import bench runs its import bundled as the shipped CLI is,
   * with the same parse worker beside it. They are ES modules with chunks of their own (their
   * top-level await has no CommonJS form), loaded by Node rather than through bundleLoader.cjs:
   * the same code once loaded.
   */
  extraEntries?: Record<string, string>;
}

/** Node 20 is the oldest the package supports (package.json `engines`). */
const TARGET = 'node20';
const ENTRY_NAME = 'accord';

/**
 * Resolved from node_modules at run time, not bundled: better-sqlite3 loads its native addon
 * from a path computed at run time (and is loaded lazily: see lazySqlite), esbuild runs a
 * native binary (workerCode.ts loads it only when no prebuilt worker is found).
 */
const EXTERNAL = ['better-sqlite3', 'esbuild'];

/**
 * Modules that find a file *beside themselves* in the bundle, as in the desktop app's bundle:
 * workerCode.ts looks for `parseWorker.cjs` next to `import.meta.url`, which is written here.
 * Every other module sees its source file's URL (see sourceUrls).
 */
const SEES_BUNDLE_URL = new Set(['electron/services/import/workerCode.ts']);

/**
 * Bundles the `accord` command (electron/cli/run.ts) into `outDir` (dist/cli), so that it
 * starts in a few tens of milliseconds instead of the second tsx takes to compile the sources:
 *
 * - `accord.cjs`, the entry (what bin.cjs requires), which runs `accord-<hash>.cjs` and its
 *   chunks through electron/cli/bundleLoader.cjs, each with V8's code cache (`.v8cache` beside
 *   it). The chunks come of an ES module build with code splitting, so what a command loads
 *   inside its action (`await import(…)`: the dispatcher and every service, the OpenAI client,
 *   the statistics, the HTTP server) is a separate chunk that `accord --help` never reads; each
 *   chunk is then made CommonJS (an `import()` becomes a require in a promise), which Node 20
 *   can compile with a cache and ES modules cannot. Every file name carries its content's hash.
 *   Only better-sqlite3 and esbuild stay external.
 * - The code caches, made by running `accord --help` and `accord agreement` on a small CSV
 *   (so the functions those run are compiled in them); see bundleLoader.cjs for how they are
 *   checked and when a run writes one.
 * - `import.meta.url` in each project module is its *source* file's URL, computed relative to
 *   the chunk at run time: db/migrations.ts reads db/migrations/*.sql and the HTTP server serves
 *   dist/renderer exactly as they do from the sources (nothing copied that could go stale).
 *   The exception is workerCode.ts (SEES_BUNDLE_URL), which finds…
 * - `parseWorker.cjs`: the import's parse worker, bundled as for the desktop app, so a big
 *   import from the bundled CLI starts its worker without compiling anything.
 * - `extraEntries`, as ES modules with their own chunks (`<name>.mjs`, run with `node`).
 * - `manifest.json`, written last: every project file that went into the bundle with its
 *   modification time and size, for bin.cjs to refuse a stale bundle (electron/cli/cliBundle.cjs).
 */
export async function bundleCli(projectRoot: string, outDir = path.join(projectRoot, 'dist', 'cli'), options: BundleCliOptions = {}): Promise<CliBundleResult> {
  const manifest = path.join(outDir, MANIFEST_NAME);
  // The manifest goes first: a CLI started while this runs finds none and uses the sources.
  fs.rmSync(manifest, { force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const started = Date.now();

  const shared = {
    absWorkingDir: projectRoot,
    bundle: true,
    platform: 'node' as const,
    target: TARGET,
    // ESM builds first: some packages' CommonJS builds are UMD wrappers whose inner
    // require('./impl/…') calls esbuild cannot follow (jsonc-parser).
    mainFields: ['module', 'main'],
    legalComments: 'none' as const,
    logLevel: 'warning' as const,
    metafile: true as const,
  };
  const commandShared = {
    ...shared,
    external: EXTERNAL,
    // better-sqlite3's require(<computed path>) and the like are left to run time on purpose.
    logOverride: { 'unsupported-require-call': 'silent' as const },
  };

  const runTs = path.join(projectRoot, 'electron', 'cli', 'run.ts');
  const cli = await build({
    ...commandShared,
    entryPoints: { [ENTRY_NAME]: runTs },
    outdir: outDir,
    write: false,
    format: 'esm',
    splitting: true,
    // Chunks beside the entry: every output file is at the same place relative to the sources.
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.cjs' },
    plugins: [lazySqlite(), lazyChildProcess(), sourceUrls(projectRoot, outDir)],
    // bundleLoader.cjs gives each chunk its own URL, its file and folder (CommonJS has no import.meta).
    define: { 'import.meta.url': '__accordChunkUrl', 'import.meta.filename': '__filename', 'import.meta.dirname': '__dirname' },
    banner: {
      js: [
        'const __accordSourceUrl = (relative) => new URL(relative, __accordChunkUrl).href;',
        "const __accordSourcePath = (relative) => require('node:url').fileURLToPath(new URL(relative, __accordChunkUrl));",
      ].join('\n'),
    },
  });
  const chunks = await writeCommonJsChunks(cli.outputFiles);
  const entryChunk = Object.entries(cli.metafile.outputs).find(([, output]) => output.entryPoint === path.relative(projectRoot, runTs).split(path.sep).join('/'));
  if (!entryChunk) throw new Error('esbuild wrote no chunk for electron/cli/run.ts');
  const entry = path.join(outDir, `${ENTRY_NAME}.cjs`);
  fs.writeFileSync(entry, launcher(outDir, path.basename(entryChunk[0]), chunks));

  const metafiles = [cli.metafile];
  if (options.extraEntries) metafiles.push((await build({ ...commandShared, ...esmOutput(projectRoot, outDir), entryPoints: options.extraEntries })).metafile);

  // The parse worker, as the desktop app's build makes it (build/scripts/lib/bundle.ts).
  const parseWorker = path.join(outDir, 'parseWorker.cjs');
  const worker = await build({
    ...shared,
    entryPoints: [path.join(projectRoot, 'electron', 'services', 'import', 'parseWorker.ts')],
    outfile: parseWorker,
    format: 'cjs',
  });
  const native = Object.keys(worker.metafile.inputs).filter((input) => /better-sqlite3/.test(input));
  if (native.length > 0) throw new Error(`the parse worker must not bundle the database, but bundles: ${native.join(', ')}`);
  metafiles.push(worker.metafile);

  primeCodeCaches(entry);
  const loader = path.relative(projectRoot, BUNDLE_LOADER).split(path.sep).join('/');
  const record: CliManifest = { builtAt: new Date(started).toISOString(), entry: path.basename(entry), inputs: inputsOf(projectRoot, metafiles, [loader], started) };
  fs.writeFileSync(manifest, `${JSON.stringify(record, null, 1)}\n`);
  return { outDir, entry, parseWorker, manifest, metafile: cli.metafile };
}

/** electron/cli/bundleLoader.cjs, which the entry requires from the sources. */
const BUNDLE_LOADER = fileURLToPath(new URL('../../../electron/cli/bundleLoader.cjs', import.meta.url));

/**
 * Writes each chunk of the ES module build as CommonJS, in the wrapper bundleLoader.cjs runs it
 * in; returns their file names. Compiling each here finds a chunk V8 would refuse (a top-level
 * `const require`, say) at build time rather than in the command that first loads it.
 */
async function writeCommonJsChunks(outputs: readonly OutputFile[]): Promise<string[]> {
  const names: string[] = [];
  for (const output of outputs) {
    const name = path.basename(output.path);
    // import() of a chunk becomes Promise.resolve().then(() => require(…)): loaded when the action asks, as before.
    const cjs = await transform(requireBuiltinDefaults(output.text), { format: 'cjs', platform: 'node', target: TARGET, supported: { 'dynamic-import': false }, sourcefile: name, logLevel: 'silent' });
    if (cjs.warnings.length > 0) throw new Error(`${name} as CommonJS: ${cjs.warnings.map((w) => w.text).join('; ')}`);
    new vm.Script(wrapChunk(cjs.code), { filename: output.path });
    fs.writeFileSync(output.path, cjs.code);
    names.push(name);
  }
  return names;
}

/**
 * `import fs from "node:fs"` (esbuild writes one per module that imports it) made
 * `const fs = require("node:fs")`, which it means for a Node built-in. Left to the CommonJS
 * transform, each becomes `__toESM(require("node:fs"))`, a copy of the module's ~100 properties
 * made at start-up: the command's entry chunk alone imported node:fs eight times.
 */
function requireBuiltinDefaults(code: string): string {
  return code.replace(/^import (\w+) from "(node:[\w/]+)";$/gm, 'const $1 = require("$2");');
}

/** The entry, `accord.cjs`: runs `entryChunk` through the loader, from the sources (a manifest input). */
function launcher(outDir: string, entryChunk: string, chunks: readonly string[]): string {
  let loader = path.relative(outDir, BUNDLE_LOADER).split(path.sep).join('/');
  if (!loader.startsWith('.')) loader = `./${loader}`;
  return [
    `// \`accord\`, bundled by build/scripts/lib/bundleCli.ts: runs ${entryChunk} and its chunks with their code caches.`,
    "'use strict';",
    `require(${JSON.stringify(loader)}).runBundle(__dirname, ${JSON.stringify(entryChunk)}, ${JSON.stringify(chunks)});`,
    '',
  ].join('\n');
}

/** extraEntries: ES modules with code splitting, run with `node <name>.mjs`. */
function esmOutput(projectRoot: string, outDir: string) {
  return {
    outdir: outDir,
    format: 'esm' as const,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    plugins: [lazySqlite(), sourceUrls(projectRoot, outDir)],
    banner: {
      js: [
        // Bundled CommonJS packages (commander, openai's dependencies) call require().
        "import { createRequire as __accordCreateRequire } from 'node:module';",
        "import { fileURLToPath as __accordFileURLToPath } from 'node:url';",
        'const require = __accordCreateRequire(import.meta.url);',
        'const __accordSourceUrl = (relative) => new URL(relative, import.meta.url).href;',
        'const __accordSourcePath = (relative) => __accordFileURLToPath(new URL(relative, import.meta.url));',
      ].join('\n'),
    },
  };
}

/**
 * Runs the bundle as `accord --help` and `accord agreement` on a small CSV, each writing the
 * code caches of the chunks it loaded (the second adds to what the first compiled), under the
 * V8 flags every run sets (setV8Flags): V8 accepts a cache only under the flags it was made with.
 * A bundle that cannot run these fails the build.
 */
function primeCodeCaches(entry: string): void {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-cache-'));
  try {
    const ratings = path.join(scratch, 'ratings.csv');
    fs.writeFileSync(ratings, smallRatingsCsv());
    for (const args of [['--help'], ['agreement', '--ratings', ratings]]) {
      const run = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', env: { ...process.env, [CODE_CACHE_ENV]: 'rewrite', ACCORD_WORKSPACE: '' } });
      if (run.status !== 0) throw new Error(`the bundle failed to run \`accord ${args.join(' ')}\` (exit ${run.status}): ${run.stderr || run.error?.message}`);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** 20 units rated by three raters on three levels, mostly agreeing (as build/bench/cliStartup.ts rates). */
export function smallRatingsCsv(): string {
  const levels = ['low', 'mid', 'high'];
  const lines = ['unit,rater,value'];
  for (let u = 0; u < 20; u++) {
    for (const [r, rater] of ['ana', 'ben', 'cy'].entries()) lines.push(`u${u},${rater},${levels[(u + (u % 4 === r ? 1 : 0)) % 3]}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The project files (not node_modules: those change only through `npm ci`/`npm install`, which
 * rebuild through `prepare`) the bundles were built from, with their modification time and size.
 * A file changed while the build ran may have been read before or after the change, so it is
 * recorded as never seen (mtime -1): the bundle counts as stale until the next build.
 */
function inputsOf(projectRoot: string, metafiles: readonly Metafile[], others: readonly string[], started: number): CliManifest['inputs'] {
  const inputs: CliManifest['inputs'] = {};
  const files = new Set([...metafiles.flatMap((m) => Object.keys(m.inputs)), ...others]);
  for (const input of [...files].sort()) {
    if (input.includes('node_modules/') || input.includes(':')) continue;
    const stat = fs.statSync(path.join(projectRoot, input));
    inputs[input] = { mtimeMs: stat.mtimeMs >= started ? -1 : stat.mtimeMs, size: stat.size };
  }
  return inputs;
}

/**
 * Answers `import Database from 'better-sqlite3'` with a stand-in that requires better-sqlite3
 * on first use (`new Database(…)`, a static, `instanceof`, a subclass): program.ts imports the
 * session module statically, and loading better-sqlite3's JavaScript would otherwise cost every
 * `accord --help` ~15 ms. As with the desktop app's substitution (bundle.ts), db/ and services/
 * stay unaware of it.
 */
function lazySqlite(): Plugin {
  const contents = [
    "import { createRequire } from 'node:module';",
    'const requireHere = createRequire(import.meta.url);',
    'let BetterSqlite3;',
    "const load = () => (BetterSqlite3 ??= requireHere('better-sqlite3'));",
    'const Database = new Proxy(function Database() {}, {',
    '  construct: (_, args, newTarget) => Reflect.construct(load(), args, newTarget === Database ? load() : newTarget),',
    '  apply: (_, self, args) => Reflect.apply(load(), self, args),',
    '  get: (_, key) => Reflect.get(load(), key),',
    '});',
    'export default Database;',
  ].join('\n');
  return {
    name: 'accord-lazy-sqlite',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: 'better-sqlite3', namespace: 'accord-lazy-sqlite' }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'accord-lazy-sqlite' }, () => ({ contents, loader: 'js' }));
    },
  };
}

/**
 * Answers commander's `require('node:child_process')` (it spawns only executable subcommands,
 * which accord has none of) with a stand-in that loads the module on first use: loading it at
 * start-up (with net, dgram and streams behind it) costs every run ~2–3 ms of CPU.
 */
function lazyChildProcess(): Plugin {
  const contents = [
    'let childProcess;',
    "const load = () => (childProcess ??= require('node:child_process'));",
    'module.exports = new Proxy({}, { get: (_, key) => load()[key] });',
  ].join('\n');
  return {
    name: 'accord-lazy-child-process',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
        /node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'accord-lazy-child-process' } : undefined,
      );
      pluginBuild.onLoad({ filter: /.*/, namespace: 'accord-lazy-child-process' }, () => ({ contents, loader: 'js' }));
    },
  };
}

/**
 * Gives each project module the `import.meta.url` (and `.dirname`, `.filename`) of its source
 * file, as a path relative to the output directory resolved against the chunk's own URL at run
 * time (so a moved checkout still works). Modules in SEES_BUNDLE_URL and node_modules keep
 * esbuild's default, the URL of the chunk they land in.
 */
function sourceUrls(projectRoot: string, outDir: string): Plugin {
  return {
    name: 'accord-source-urls',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, (args) => {
        const relativeToRoot = path.relative(projectRoot, args.path).split(path.sep).join('/');
        if (relativeToRoot.startsWith('..') || relativeToRoot.includes('node_modules/') || SEES_BUNDLE_URL.has(relativeToRoot)) return undefined;
        const text = fs.readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta')) return undefined;
        const fromOut = JSON.stringify(path.relative(outDir, args.path).split(path.sep).join('/'));
        const dirFromOut = JSON.stringify(path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/') || '.');
        const contents = text
          .replace(/\bimport\.meta\.url\b/g, `__accordSourceUrl(${fromOut})`)
          .replace(/\bimport\.meta\.filename\b/g, `__accordSourcePath(${fromOut})`)
          .replace(/\bimport\.meta\.dirname\b/g, `__accordSourcePath(${dirFromOut})`);
        return { contents, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}
