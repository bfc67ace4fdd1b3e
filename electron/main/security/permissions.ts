import { APP_ORIGIN } from './appProtocol';

/**
 * Permissions the page may have: writing plain text to the clipboard (copying an item id or a
 * finding), from the app's own origin. Camera, microphone, location, notifications, HID,
 * serial, display capture… the app needs none, so they are refused without asking.
 */
const ALLOWED = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(permission: string, requestingUrl: string): boolean {
  if (!ALLOWED.has(permission)) return false;
  // Compared as text: Node's URL gives custom schemes an opaque origin, Chromium does not.
  return requestingUrl === APP_ORIGIN || requestingUrl.startsWith(`${APP_ORIGIN}/`);
}
