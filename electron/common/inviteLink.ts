/**
 * How a team invite travels: a link whose fragment carries the person's token,
 * `https://accord.example.org/#invite=<hex>` (optionally `&route=/tasks`). A fragment is never
 * sent to a server, so the token stays out of request lines, proxies and access logs; the page
 * exchanges it for a session cookie at once and drops it from the address bar.
 *
 * electron/common/: dependency-free, used by the CLI and services (making links), the renderer
 * (reading them) and the desktop app (opening a team workspace by URL and invite).
 */

/** The link that lets the holder of `token` into the team server at `baseUrl`, opening `route` (a hash route such as `/tasks`) when given. */
export function inviteLink(baseUrl: string, token: string, route = ''): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return `${base}#invite=${token}${route && route !== '/' ? `&route=${route}` : ''}`;
}

/** The invite token and route of a fragment made by {@link inviteLink} (with or without its `#`), or null. */
export function parseInviteFragment(hash: string): { invite: string; route: string } | null {
  const match = /^#?invite=([0-9a-f]{64})(?:&route=(.*))?$/s.exec(hash);
  if (!match) return null;
  const route = match[2] ?? '/';
  return { invite: match[1], route: route.startsWith('/') ? route : `/${route}` };
}

/** How long an invite lasts, written `12h`, `7d` or `2w`; its length in milliseconds, or null when it is not one. */
export function parseInviteDuration(text: string): number | null {
  const match = /^\s*(\d{1,4})\s*([hdw])\s*$/.exec(text);
  if (!match || Number(match[1]) < 1) return null;
  const hour = 3_600_000;
  return Number(match[1]) * { h: hour, d: 24 * hour, w: 7 * 24 * hour }[match[2] as 'h' | 'd' | 'w'];
}

/** The longest an invite may last: a link that never ends is a password nobody changes. */
export const MAX_INVITE_MS = 366 * 24 * 3_600_000;
