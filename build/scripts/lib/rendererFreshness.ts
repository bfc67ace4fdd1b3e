import fs from 'node:fs';
import path from 'node:path';

/** What the renderer bundle is built from: its sources, the API types and shared helpers it imports, the build config. */
export const RENDERER_INPUTS = ['renderer', 'electron/api', 'electron/common', 'vite.config.ts', 'vite.config.mts', 'vite.config.js', 'package.json'];

/** The newest modification time (ms) of any file under `inputs` (relative to `root`); 0 when none exist. */
export function newestMtime(root: string, inputs: readonly string[] = RENDERER_INPUTS): number {
  let newest = 0;
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) if (name !== 'node_modules' && !name.startsWith('.')) visit(path.join(entry, name));
    } else if (stat.isFile() && !entry.endsWith('.test.ts') && !entry.endsWith('.test.tsx')) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return newest;
}

/**
 * Whether `npm start` must run `vite build` first: when dist/renderer/index.html is missing or
 * older than the newest input (tests are not inputs: editing one needs no rebuild).
 */
export function rendererNeedsBuild(root: string, rendererDir = path.join(root, 'dist', 'renderer')): boolean {
  let built: number;
  try {
    built = fs.statSync(path.join(rendererDir, 'index.html')).mtimeMs;
  } catch {
    return true;
  }
  return newestMtime(root) > built;
}
