/**
 * How a browser-mode URL carries its access token: in the fragment, `#token=<hex>`, optionally
 * followed by `&route=<hash route>` for a deep link (`#token=…&route=/items/3`). A fragment is
 * never sent to a server, so the token stays out of request lines, proxies and access logs;
 * the page reads it on load, keeps it in sessionStorage and sends it as a bearer header.
 *
 * electron/common/: dependency-free, used by the CLI (printing links) and the renderer (reading
 * them), so both ends agree on one format.
 */

/** The URL that opens `route` (a hash route such as `#/items/3`; none: the start page) with the token. */
export function browserLink(baseUrl: string, token: string, route = ''): string {
  const path = route.replace(/^#/, '');
  return `${baseUrl}#token=${token}${path && path !== '/' ? `&route=${path}` : ''}`;
}

/**
 * The token and route of a fragment made by {@link browserLink} (with or without its `#`), or
 * null when the fragment carries no token (an ordinary hash route). The route is the hash route
 * to go to, `/` when the link names none.
 */
export function parseTokenFragment(hash: string): { token: string; route: string } | null {
  const match = /^#?token=([^&#]*)(?:&route=(.*))?$/s.exec(hash);
  if (!match) return null;
  const route = match[2] ?? '/';
  return { token: match[1], route: route.startsWith('/') ? route : `/${route}` };
}
