import type { AccordBridge } from '../../../electron/api/bridge';
import { BRIDGE_NAME } from '../../../electron/common/transportNames';
import { AccessToken } from './accessToken';
import { bridgeTransport } from './bridgeTransport';
import { httpTransport } from './httpTransport';
import type { Transport } from './transport';

/**
 * The preload bridge when running in the desktop app, HTTP otherwise (browser mode), where the
 * access token is taken from the address before the hash router first reads it.
 */
export function createTransport(): Transport {
  const bridge = (window as unknown as Record<string, AccordBridge | undefined>)[BRIDGE_NAME];
  if (bridge) return bridgeTransport(bridge);
  const token = new AccessToken();
  return httpTransport(document.baseURI, () => token.value, window);
}
