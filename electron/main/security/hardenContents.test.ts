import { EventEmitter } from 'node:events';
import type { WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { hardenContents, type ExternalLinkDeps } from './hardenContents';

/** Just enough of WebContents: its events and the window-open handler. */
class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  navigate(event: string, url: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function setup(confirm: boolean) {
  const contents = new FakeContents();
  const deps: ExternalLinkDeps = {
    confirmExternal: vi.fn(async () => confirm),
    openExternal: vi.fn(async () => {}),
    log: vi.fn(),
  };
  hardenContents(contents as unknown as WebContents, deps);
  return { contents, deps };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hardenContents', () => {
  it('lets the window reload or move within the app page', () => {
    const { contents, deps } = setup(true);
    expect(contents.navigate('will-navigate', 'accord://app/index.html#/items')).toBe(false);
    expect(deps.confirmExternal).not.toHaveBeenCalled();
  });

  it('stops navigation to a web page and offers it to the system browser; opens it only when confirmed', async () => {
    const confirmed = setup(true);
    expect(confirmed.contents.navigate('will-navigate', 'https://example.org/paper')).toBe(true);
    await settle();
    expect(confirmed.deps.confirmExternal).toHaveBeenCalledWith('https://example.org/paper');
    expect(confirmed.deps.openExternal).toHaveBeenCalledWith('https://example.org/paper');

    const declined = setup(false);
    expect(declined.contents.navigate('will-navigate', 'https://example.org/paper')).toBe(true);
    await settle();
    expect(declined.deps.confirmExternal).toHaveBeenCalledOnce();
    expect(declined.deps.openExternal).not.toHaveBeenCalled();
  });

  it('stops navigation to local files and script URLs without offering them anywhere', async () => {
    const { contents, deps } = setup(true);
    expect(contents.navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.navigate('will-navigate', 'javascript:alert(1)')).toBe(true);
    await settle();
    expect(deps.confirmExternal).not.toHaveBeenCalled();
    expect(deps.openExternal).not.toHaveBeenCalled();
    expect(deps.log).toHaveBeenCalledWith('blocked navigation to file:///etc/passwd');
  });

  it('denies every new window; a web link is offered to the system browser instead', async () => {
    const { contents, deps } = setup(true);
    expect(contents.openHandler?.({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'accord://app/index.html' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    await settle();
    expect(deps.openExternal).toHaveBeenCalledTimes(1);
    expect(deps.openExternal).toHaveBeenCalledWith('https://example.org/');
  });

  it('blocks redirects away from the app and any <webview>', () => {
    const { contents } = setup(true);
    expect(contents.navigate('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.navigate('will-attach-webview', 'https://evil.example/')).toBe(true);
  });
});
