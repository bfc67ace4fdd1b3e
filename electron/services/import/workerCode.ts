import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE = new URL('./parseWorker.ts', import.meta.url);
/** Starts the worker from the TypeScript sources through tsx (the fallback: see below). */
const TSX_ENTRY = new URL('./parseWorkerEntry.mjs', import.meta.url);
/**
 * The worker as the desktop app's build bundles it, beside main.cjs (which is what
 * `import.meta.url` stands for there; build/scripts/lib/bundle.ts). Absent from the sources.
 */
const PREBUILT = new URL('./parseWorker.cjs', import.meta.url);

let bundled: Promise<URL | null> | undefined;

/**
 * Where to start the parse worker from. The desktop app starts the worker its build bundled
 * (unpacked from the asar archive: a worker thread needs a real file). Run from the TypeScript
 * sources (the CLI and browser mode), the worker and what it imports are bundled once per
 * process with esbuild (which tsx itself runs on) into one plain ES module: a worker started
 * that way needs no tsx of its own, whose module-hooks thread and V8 heap cost ~60 MB of the
 * import's memory budget. Bundling at run time, not at install, means the worker never runs
 * stale code after a source edit. Falls back to the tsx entry when esbuild cannot be loaded;
 * null when there is nothing to start a worker from (the file is then parsed in-process).
 */
export function parseWorkerUrl(): Promise<URL | null> {
  bundled ??= prebuilt() ?? bundle();
  return bundled;
}

function prebuilt(): Promise<URL> | null {
  if (PREBUILT.protocol !== 'file:') return null;
  const file = unpacked(fileURLToPath(PREBUILT));
  return fs.existsSync(file) ? Promise.resolve(pathToFileURL(file)) : null;
}

/** `…/app.asar/electron/parseWorker.cjs` → `…/app.asar.unpacked/electron/parseWorker.cjs`. */
export function unpacked(file: string): string {
  const packed = `${path.sep}app.asar${path.sep}`;
  return file.replace(packed, `${path.sep}app.asar.unpacked${path.sep}`);
}

async function bundle(): Promise<URL | null> {
  if (SOURCE.protocol !== 'file:' || !fs.existsSync(SOURCE)) return null;
  try {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(SOURCE)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      // ESM builds first: jsonc-parser's CommonJS build is a UMD wrapper esbuild cannot follow.
      mainFields: ['module', 'main'],
      logLevel: 'silent',
    });
    return new URL(`data:text/javascript,${encodeURIComponent(result.outputFiles[0].text)}`);
  } catch {
    return fs.existsSync(TSX_ENTRY) ? TSX_ENTRY : null;
  }
}
