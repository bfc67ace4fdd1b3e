import fs from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { MANIFEST_NAME } from '../../../electron/cli/cliBundle.mjs';

/** What `bundleCli` wrote. */
export interface CliBundleResult {
  outDir: string;
  /** The entry: `node <entry> --help` is `accord --help`. */
  entry: string;
  /** The import's parse worker, beside the entry where electron/services/import/workerCode.ts looks. */
  parseWorker: string;
  /** Project files the bundle was built from, with the modification time and size bin.mjs compares. */
  manifest: string;
}

/** What the manifest records (read by electron/cli/cliBundle.mjs, which says how it is used). */
export interface CliManifest {
  builtAt: string;
  entry: string;
  inputs: Record<string, { mtimeMs: number; size: number }>;
}

export interface BundleCliOptions {
  /**
   * More entry points bundled beside the CLI, by output name (`{ importWorker: '…/importWorker.ts' }`
   * writes `importWorker.mjs`): the import bench runs its import as the shipped CLI runs it.
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
 * - `accord.mjs` and its chunks: ES modules with code splitting, so what a command loads inside
 *   its action (`await import(…)`: the dispatcher and every service, the OpenAI client, the
 *   statistics, the HTTP server) is a separate chunk that `accord --help` never reads. Only
 *   better-sqlite3 and esbuild stay external.
 * - `import.meta.url` in each project module is its *source* file's URL, computed relative to
 *   the chunk at run time: db/migrations.ts reads db/migrations/*.sql and the HTTP server serves
 *   dist/renderer exactly as they do from the sources (nothing copied that could go stale).
 *   The exception is workerCode.ts (SEES_BUNDLE_URL), which finds…
 * - `parseWorker.cjs`: the import's parse worker, bundled as for the desktop app, so a big
 *   import from the bundled CLI starts its worker without compiling anything.
 * - `manifest.json`, written last: every project file that went into the bundle with its
 *   modification time and size, for bin.mjs to refuse a stale bundle (electron/cli/cliBundle.mjs).
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

  const cli = await build({
    ...shared,
    entryPoints: { [ENTRY_NAME]: path.join(projectRoot, 'electron', 'cli', 'run.ts'), ...options.extraEntries },
    outdir: outDir,
    format: 'esm',
    splitting: true,
    // Chunks beside the entry: every output file is at the same place relative to the sources.
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    external: EXTERNAL,
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
    // better-sqlite3's require(<computed path>) and the like are left to run time on purpose.
    logOverride: { 'unsupported-require-call': 'silent' },
  });

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

  const entry = path.join(outDir, `${ENTRY_NAME}.mjs`);
  const record: CliManifest = { builtAt: new Date(started).toISOString(), entry: path.basename(entry), inputs: inputsOf(projectRoot, [cli.metafile, worker.metafile], started) };
  fs.writeFileSync(manifest, `${JSON.stringify(record, null, 1)}\n`);
  return { outDir, entry, parseWorker, manifest };
}

/**
 * The project files (not node_modules: those change only through `npm ci`/`npm install`, which
 * rebuild through `prepare`) the bundles were built from, with their modification time and size.
 * A file changed while the build ran may have been read before or after the change, so it is
 * recorded as never seen (mtime -1): the bundle counts as stale until the next build.
 */
function inputsOf(projectRoot: string, metafiles: readonly Metafile[], started: number): CliManifest['inputs'] {
  const inputs: CliManifest['inputs'] = {};
  const files = new Set(metafiles.flatMap((m) => Object.keys(m.inputs)));
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
