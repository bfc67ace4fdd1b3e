import { parseInviteFragment } from '../../common/inviteLink';

/** A team workspace to open: the server's origin and the invite link that signs this window in. */
export interface TeamAddress {
  /** `https://accord.example.org` — the only origin the team window may show. */
  origin: string;
  /** The server's address with the invite in its fragment, loaded once. */
  link: string;
  /** A name for the window's cookie jar, one per server, apart from the app's own session. */
  partition: string;
}

/** Loopback addresses may be plain HTTP (a team server on this machine); anything else needs HTTPS. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Reads what the person typed in "Open Team Workspace…": the invite link a lead sent
 * (`https://host/#invite=…`) in the address field, or the server's address there and the invite
 * (its link, or the 64-hex-digit token alone) in the second field. Returns the address to open
 * or what is wrong, in words.
 */
export function teamAddress(addressText: string, inviteText = ''): TeamAddress | { error: string } {
  let url: URL;
  try {
    url = new URL(addressText.trim());
  } catch {
    return { error: `"${addressText.trim() || '(empty)'}" is not an address: paste the invite link a lead sent you, or the team server's address (https://…)` };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { error: `a team server is reached over HTTPS (its session would otherwise cross the network in clear), not ${url.protocol.replace(':', '')}://${url.host}` };
  }
  const fromLink = parseInviteFragment(url.hash);
  const invite = fromLink?.invite ?? inviteOf(inviteText.trim());
  if (!invite) return { error: 'the invite is missing: paste the whole invite link, or the server address and the invite (64 hexadecimal digits)' };
  const base = `${url.origin}${url.pathname}`;
  return { origin: url.origin, link: `${base}#invite=${invite}`, partition: `persist:team-${url.host}` };
}

function inviteOf(text: string): string | null {
  if (/^[0-9a-f]{64}$/.test(text)) return text;
  const hash = text.indexOf('#');
  return hash >= 0 ? (parseInviteFragment(text.slice(hash))?.invite ?? null) : null;
}

/** Whether the team window may go to `url`: its own server only (a link elsewhere opens in the browser, if at all). */
export function teamNavigationAllowed(origin: string, url: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
