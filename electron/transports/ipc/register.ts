import type { Claim } from '../../api/access';
import { claimOfName } from '../../common/transportNames';
import type { ApiReply } from '../../api/contract';
import { assertAccessDeclared } from '../../services/access';
import type { ServiceContext } from '../../services/context';
import { dispatch } from '../../services/dispatch';

import { INVOKE_CHANNEL } from './channels';

export { EVENT_CHANNEL, INVOKE_CHANNEL } from './channels';

/** The part of an `IpcMainInvokeEvent` we rely on. */
export interface InvokeEventLike {
  senderFrame: { url: string } | null;
}

/**
 * The part of Electron's `ipcMain` the registration needs (as Bruno does), so that it is
 * tested in plain Node without Electron.
 */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface IpcOptions {
  /** Whether a call comes from our own window's top frame (checked on every call). */
  isTrustedSender(event: InvokeEventLike): boolean;
  /** Hears who the window says is using it, on every call (the desktop's menus act for that person). */
  onClaim?(claim: Claim): void;
}

/**
 * Registers the API contract on one invoke channel. Arguments are validated by the same
 * dispatcher as over HTTP, and the caller is the person the window names beside the arguments
 * (the desktop's chosen user); calls from any other frame are refused. Refuses to start when a
 * method lacks a declared access rule. Returns an unregister function.
 */
export function registerIpc(ipcMain: IpcMainLike, ctx: ServiceContext, options: IpcOptions): () => void {
  assertAccessDeclared();
  ipcMain.handle(INVOKE_CHANNEL, async (event, method, args, as): Promise<ApiReply<unknown>> => {
    if (!options.isTrustedSender(event)) {
      return { ok: false, error: { code: 'forbidden', message: 'calls are accepted from the Accord window only' } };
    }
    if (typeof method !== 'string') {
      return { ok: false, error: { code: 'bad-request', message: 'the method name must be a string' } };
    }
    const claim = claimOfName(typeof as === 'string' ? as : null);
    options.onClaim?.(claim);
    return dispatch(ctx, method, args, claim);
  });
  return () => ipcMain.removeHandler(INVOKE_CHANNEL);
}
