import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../transports/http/staticFiles';

/**
 * The window loads the renderer from `accord://app/` rather than `file://`: a custom
 * standard, secure scheme gives the page an origin of its own (so the CSP's `'self'` means
 * the app's files only, where `file://` would mean the whole disk), and lets every response
 * carry the Content-Security-Policy as a real header (Electron's security checklist).
 */
export const APP_SCHEME = 'accord';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The one page the window shows; the renderer routes by hash (`#/items/12`). */
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** Passed to `protocol.registerSchemesAsPrivileged` before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/** Headers on every response of the app scheme: the same policy browser mode sends. */
export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** What a request of the app scheme is answered with. */
export type AppResponse =
  | { kind: 'file'; file: string; contentType: string }
  | { kind: 'not-found' }
  /** The renderer was never built: say how to build it rather than show a blank window. */
  | { kind: 'ui-missing'; message: string };

/**
 * Maps an `accord://app/...` URL to a file of the built renderer. Anything outside
 * `rendererDir` (`..`, encoded or not), another host or scheme, or a missing file is not found.
 */
export function resolveAppRequest(rendererDir: string, requestUrl: string): AppResponse {
  const root = path.resolve(rendererDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    return { kind: 'ui-missing', message: `The Accord user interface is not built (${root} has no index.html). Run: npm run build:renderer` };
  }
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'not-found' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { kind: 'not-found' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'not-found' };
  }
  if (pathname.includes('\0')) return { kind: 'not-found' };
  const target = path.resolve(root, '.' + (pathname === '/' ? '/index.html' : pathname));
  if (!target.startsWith(root + path.sep)) return { kind: 'not-found' };
  if (!fs.existsSync(target) || !fs.statSync(target).isFile()) return { kind: 'not-found' };
  return { kind: 'file', file: target, contentType: CONTENT_TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream' };
}

/** Whether `url` is the app's own page (any hash or query), i.e. a place the window may be. */
export function isAppPage(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && (parsed.pathname === '/index.html' || parsed.pathname === '/');
  } catch {
    return false;
  }
}
