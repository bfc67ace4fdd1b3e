import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

/** What `bundleElectron` wrote. */
export interface BundleResult {
  outDir: string;
  main: string;
  preload: string;
  /** The import's parse worker, started by the main process for big files (workerCode.ts). */
  parseWorker: string;
  migrationsDir: string;
}

/** Electron 40's main process runs a Node newer than 22; the preload runs in Chromium's sandbox. */
const MAIN_TARGET = 'node22';
const PRELOAD_TARGET = 'chrome130';

/**
 * Bundles the Electron main process and the preload into `outDir` (dist/electron):
 *
 * - `main.cjs`: electron/main/main.ts and everything it imports (services, db, zod, and
 *   better-sqlite3's JavaScript), CommonJS for Electron. Only `electron` stays external.
 *   Every `import Database from 'better-sqlite3'` is answered with electron/main/native/
 *   boundDatabase.ts, which opens databases with Electron's build of the addon
 *   (`nativeBinding`), so the Node build in node_modules keeps serving tests and the CLI.
 *   `import.meta.url` (and `.dirname`, `.filename`) become main.cjs's own, so code that finds files beside itself —
 *   db/migrations.ts reads `migrations/*.sql` — finds them in `outDir`, where they are copied.
 * - `preload.cjs`: electron/main/preload/preload.ts for the sandboxed renderer, which can
 *   `require('electron')` and nothing else; the build fails if anything else slips in.
 * - `parseWorker.cjs`: the import's parse worker (electron/services/import/parseWorker.ts),
 *   which the main process starts for big files; unpacked from the asar archive by
 *   electron-builder.json's `asarUnpack`, since a worker thread is started from a real file.
 * - `migrations/*.sql` (from db/migrations) and `icon.png` (the window icon).
 */
export async function bundleElectron(projectRoot: string, outDir = path.join(projectRoot, 'dist', 'electron')): Promise<BundleResult> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const main = path.join(outDir, 'main.cjs');
  const preload = path.join(outDir, 'preload.cjs');
  const shim = path.join(projectRoot, 'electron', 'main', 'native', 'boundDatabase.ts');

  // What the main process and the parse worker (both Node, CommonJS) are bundled with.
  const nodeBundle = {
    absWorkingDir: projectRoot,
    bundle: true,
    platform: 'node' as const,
    format: 'cjs' as const,
    target: MAIN_TARGET,
    // ESM builds first: some packages' CommonJS builds are UMD wrappers whose inner
    // require('./impl/…') calls esbuild cannot follow (jsonc-parser).
    mainFields: ['module', 'main'],
    legalComments: 'none' as const,
    logLevel: 'warning' as const,
  } satisfies BuildOptions;

  await build({
    ...nodeBundle,
    entryPoints: [path.join(projectRoot, 'electron', 'main', 'main.ts')],
    outfile: main,
    // esbuild is only loaded to bundle the import worker when running from sources; the bundled
    // app starts parseWorker.cjs, bundled beside main.cjs below.
    external: ['electron', 'esbuild'],
    plugins: [boundSqlite(shim)],
    define: { 'import.meta.url': '__accordMainUrl', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
    banner: { js: "const __accordMainUrl = require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: 'linked',
    // better-sqlite3 loads the addon with require(<computed path>): left to run time on purpose.
    logOverride: { 'unsupported-require-call': 'silent' },
  });

  const preloadBuild = await build({
    absWorkingDir: projectRoot,
    entryPoints: [path.join(projectRoot, 'electron', 'main', 'preload', 'preload.ts')],
    outfile: preload,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: PRELOAD_TARGET,
    external: ['electron'],
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const foreign = Object.keys(preloadBuild.metafile.inputs).filter((input) => !/^electron\/(main\/preload|api|common)\//.test(input) && input !== 'electron/transports/ipc/channels.ts');
  if (foreign.length > 0) {
    throw new Error(`the sandboxed preload may only use electron/main/preload, electron/api, electron/common and the IPC channel names, but bundles: ${foreign.join(', ')}`);
  }
  const requires = [...fs.readFileSync(preload, 'utf8').matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
  const unexpected = requires.filter((name) => name !== 'electron');
  if (unexpected.length > 0) throw new Error(`the sandboxed preload can only require 'electron', not ${unexpected.join(', ')}`);

  // The import's parse worker, beside main.cjs where workerCode.ts looks for it. It parses
  // only (formats, JSON, hashing): nothing native, nothing from Electron.
  const parseWorker = path.join(outDir, 'parseWorker.cjs');
  const workerBuild = await build({
    ...nodeBundle,
    entryPoints: [path.join(projectRoot, 'electron', 'services', 'import', 'parseWorker.ts')],
    outfile: parseWorker,
    metafile: true,
  });
  const native = Object.keys(workerBuild.metafile.inputs).filter((input) => /better-sqlite3|electron\/main\//.test(input));
  if (native.length > 0) throw new Error(`the parse worker must not bundle the database or the main process, but bundles: ${native.join(', ')}`);

  const migrationsDir = path.join(outDir, 'migrations');
  fs.mkdirSync(migrationsDir);
  const sourceMigrations = path.join(projectRoot, 'db', 'migrations');
  for (const name of fs.readdirSync(sourceMigrations).filter((n) => n.endsWith('.sql'))) {
    fs.copyFileSync(path.join(sourceMigrations, name), path.join(migrationsDir, name));
  }
  fs.copyFileSync(path.join(projectRoot, 'build', 'resources', 'icons', '512x512.png'), path.join(outDir, 'icon.png'));
  return { outDir, main, preload, parseWorker, migrationsDir };
}

/** Sends every import of `better-sqlite3` to the shim, except the shim's own. */
function boundSqlite(shim: string): Plugin {
  return {
    name: 'accord-bound-sqlite',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^better-sqlite3$/ }, (args) => (path.resolve(args.importer) === shim ? undefined : { path: shim }));
    },
  };
}
