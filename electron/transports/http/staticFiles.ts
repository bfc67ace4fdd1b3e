import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

/** The same policy the Electron window sets: our own scripts only, no inline script, no remote. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; " +
  "frame-ancestors 'none'; form-action 'none'";

/**
 * Serves the built renderer from `root`; unknown paths fall back to index.html (the app
 * routes by hash, so this only matters for typos). Never serves outside `root`.
 */
export function serveStatic(root: string, pathname: string, response: ServerResponse): void {
  const decoded = safeDecode(pathname);
  const target = path.resolve(root, '.' + (decoded === '/' ? '/index.html' : decoded));
  const inside = target.startsWith(path.resolve(root) + path.sep);
  const file = inside && fs.existsSync(target) && fs.statSync(target).isFile() ? target : path.join(root, 'index.html');
  if (!fs.existsSync(file)) {
    response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`The user interface is not built (${root} is missing). Run: npm run build:renderer`);
    return;
  }
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  response.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  fs.createReadStream(file).pipe(response);
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '/';
  }
}
