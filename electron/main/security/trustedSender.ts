import type { InvokeEventLike } from '../../transports/ipc/register';
import { isAppPage } from './appProtocol';

/** What Electron tells us about the frame behind an IPC call (`event.senderFrame`). */
export interface SenderEventLike extends InvokeEventLike {
  senderFrame: { url: string; parent?: unknown } | null;
}

/**
 * Accepts a call only from the top frame of the app's own page (`accord://app/index.html`).
 * A call from a frame that navigated elsewhere, from a sub-frame, or whose frame is gone is
 * refused — the preload is only in our window, but a compromised page must not borrow it.
 */
export function isTrustedSender(event: SenderEventLike): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent) return false;
  return isAppPage(frame.url);
}
