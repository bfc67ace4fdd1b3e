import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './trustedSender';

describe('isTrustedSender', () => {
  it("accepts the app page's top frame, on any hash route", () => {
    expect(isTrustedSender({ senderFrame: { url: 'accord://app/index.html', parent: null } })).toBe(true);
    expect(isTrustedSender({ senderFrame: { url: 'accord://app/index.html#/items/3', parent: null } })).toBe(true);
  });

  it('refuses a frame showing another page (the window was navigated, or a foreign page)', () => {
    for (const url of ['https://evil.example/', 'file:///home/me/index.html', 'accord://evil/index.html', 'accord://app/assets/x.html', 'about:blank']) {
      expect(isTrustedSender({ senderFrame: { url, parent: null } }), url).toBe(false);
    }
  });

  it('refuses a sub-frame, even one on the app origin', () => {
    expect(isTrustedSender({ senderFrame: { url: 'accord://app/index.html', parent: { url: 'accord://app/index.html' } } })).toBe(false);
  });

  it('refuses a call whose frame is gone', () => {
    expect(isTrustedSender({ senderFrame: null })).toBe(false);
  });
});
