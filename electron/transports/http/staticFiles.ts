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
 * Serves the built renderer from `root`: `/` is index.html, other paths the file of that name.
 * The app routes by hash, so any other path is a 404, never a redirect; a path that is not
 * valid percent-encoding is a 400. Never serves outside `root`.
 */
export function serveStatic(root: string, pathname: string, response: ServerResponse): void {
  const decoded = safeDecode(pathname);
  if (decoded === null) return sendPlain(response, 400, 'Bad request: the path is not valid percent-encoding.');
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    return sendPlain(response, 500, `The user interface is not built (${root} is missing). Run: npm run build:renderer`);
  }
  const target = decoded === '/' ? index : path.resolve(root, '.' + decoded);
  const inside = target === index || target.startsWith(path.resolve(root) + path.sep);
  if (!inside || decoded.includes('\0') || !fs.existsSync(target) || !fs.statSync(target).isFile()) {
    return sendPlain(response, 404, 'Not found. Open the URL that `accord serve` printed.');
  }
  const immutable = target.includes(`${path.sep}assets${path.sep}`);
  response.writeHead(200, {
    'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  fs.createReadStream(target).pipe(response);
}

function sendPlain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  response.end(text);
}

function safeDecode(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}
