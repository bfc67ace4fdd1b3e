import { describe, expect, it } from 'vitest';
import { isPermissionAllowed } from './permissions';

describe('isPermissionAllowed', () => {
  it('lets the app page write to the clipboard', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'accord://app/index.html')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'accord://app')).toBe(true);
  });

  it('refuses the clipboard to any other origin', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'accord://application/')).toBe(false);
  });

  it('refuses every other permission, even to the app', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'hid', 'serial', 'display-capture', 'fullscreen']) {
      expect(isPermissionAllowed(permission, 'accord://app/index.html'), permission).toBe(false);
    }
  });
});
