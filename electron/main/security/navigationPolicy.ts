import { isAppPage } from './appProtocol';

/**
 * Where a link or a navigation may go:
 * - `app`: the app's own page (the window may stay or reload there);
 * - `external`: a web or mail link, opened in the system browser after the user confirms;
 * - `blocked`: anything else (`file:`, `javascript:`, `data:`, other apps' schemes…), refused.
 */
export type LinkTarget = 'app' | 'external' | 'blocked';

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export function classifyLink(url: string): LinkTarget {
  if (isAppPage(url)) return 'app';
  try {
    return EXTERNAL_PROTOCOLS.has(new URL(url).protocol) ? 'external' : 'blocked';
  } catch {
    return 'blocked';
  }
}
