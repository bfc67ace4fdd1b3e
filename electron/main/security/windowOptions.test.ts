import { describe, expect, it } from 'vitest';
import { mainWindowOptions, secureWebPreferences } from './windowOptions';

describe('secureWebPreferences', () => {
  const prefs = secureWebPreferences('/app/electron/preload.cjs');

  it('isolates the page: no Node, sandboxed, separate JavaScript world', () => {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('keeps the same-origin policy and refuses insecure content, webviews and drag-and-drop navigation', () => {
    expect(prefs).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('loads the given preload and enables no Blink feature', () => {
    expect(prefs.preload).toBe('/app/electron/preload.cjs');
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('additionalArguments');
  });
});

describe('mainWindowOptions', () => {
  it('restores a saved place and size, hidden until first paint, with the secure preferences', () => {
    const options = mainWindowOptions({
      preloadPath: '/p.cjs',
      state: { x: 10, y: 20, width: 1000, height: 700, maximized: false },
      title: 'w.accord — Accord',
      iconPath: '/icon.png',
    });
    expect(options).toMatchObject({ x: 10, y: 20, width: 1000, height: 700, show: false, title: 'w.accord — Accord', icon: '/icon.png' });
    expect(options.center).toBeUndefined();
    expect(options.webPreferences).toEqual(secureWebPreferences('/p.cjs'));
  });

  it('centres the window when no place was saved', () => {
    const options = mainWindowOptions({ preloadPath: '/p.cjs', state: { width: 1280, height: 820, maximized: false }, title: 'Accord' });
    expect(options.center).toBe(true);
    expect(options.x).toBeUndefined();
    expect(options).not.toHaveProperty('icon');
  });
});
