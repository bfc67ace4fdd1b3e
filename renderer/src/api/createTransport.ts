import type { AccordBridge } from '../../../electron/api/bridge';
import { BRIDGE_NAME } from '../../../electron/shared/transportNames';
import { bridgeTransport } from './bridgeTransport';
import { httpTransport } from './httpTransport';
import type { Transport } from './transport';

/** The preload bridge when running in the desktop app, HTTP otherwise (browser mode). */
export function createTransport(): Transport {
  const bridge = (window as unknown as Record<string, AccordBridge | undefined>)[BRIDGE_NAME];
  return bridge ? bridgeTransport(bridge) : httpTransport();
}
