import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE = new URL('./parseWorker.ts', import.meta.url);
/** Starts the worker from the TypeScript sources through tsx (the fallback: see below). */
const TSX_ENTRY = new URL('./parseWorkerEntry.mjs', import.meta.url);

let bundled: Promise<URL | null> | undefined;

/**
 * Where to start the parse worker from. Run from the TypeScript sources (the CLI and browser
 * mode), the worker and what it imports are bundled once per process with esbuild (which tsx
 * itself runs on) into one plain ES module: a worker started that way needs no tsx of its own,
 * whose module-hooks thread and V8 heap cost ~60 MB of the import's memory budget. Bundling
 * at run time, not at install, means the worker never runs stale code after a source edit.
 * Falls back to the tsx entry when esbuild cannot be loaded; null when there are no sources to
 * start a worker from (the bundled desktop app parses in-process).
 */
export function parseWorkerUrl(): Promise<URL | null> {
  bundled ??= bundle();
  return bundled;
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
