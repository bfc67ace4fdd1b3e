/**
 * The names both ends of a transport agree on: the window property the preload exposes the
 * bridge under, the HTTP header that names who is calling, and how either becomes a claim.
 * The bridge's interface itself is part of the contract (electron/api/bridge.ts).
 *
 * electron/common/: runtime code both the renderer and the Node side run. Dependency-free — it
 * imports nothing outside electron/common/ — so the browser bundle gains no zod and no Node by
 * importing it, and every layer may use it (README "Layout", eslint.config.js).
 */

/** The name the bridge is exposed under on `window`. */
export const BRIDGE_NAME = 'accord';

/**
 * The HTTP header naming who is calling in browser mode: the person's name, percent-encoded
 * (`encodeURIComponent`) because header values are ASCII.
 */
export const CALLER_HEADER = 'x-accord-as';

/** The claim a transport makes for a name carried beside a call (absent or blank: nobody). */
export function claimOfName(name: string | null | undefined): { name: string } | null {
  return typeof name === 'string' && name.trim() !== '' ? { name: name.trim() } : null;
}
