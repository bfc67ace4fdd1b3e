import { describe, expect, it } from 'vitest';
import type { ElectronInstall } from './electronInstall';
import { planLaunch } from './launchPlan';

const installed: ElectronInstall = { binary: '/repo/node_modules/electron/dist/electron', version: '41.10.0', nativeBinding: '/repo/addon.node' };
const display = { DISPLAY: ':0' };

describe('planLaunch', () => {
  it('runs the desktop app when Electron and its SQLite build are installed', () => {
    expect(planLaunch({ install: installed, platform: 'linux', env: display })).toEqual({ mode: 'electron', binary: installed.binary });
    expect(planLaunch({ install: installed, platform: 'darwin', env: {} })).toEqual({ mode: 'electron', binary: installed.binary });
    expect(planLaunch({ install: installed, platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } }).mode).toBe('electron');
  });

  it('falls back to browser mode without the Electron binary, saying why and how to get it', () => {
    const plan = planLaunch({ install: { ...installed, binary: null }, platform: 'linux', env: display });
    expect(plan.mode).toBe('browser');
    expect(plan.mode === 'browser' && plan.reason).toMatch(/Electron 41\.10\.0's binary is not installed/);
    expect(plan.mode === 'browser' && plan.reason).toMatch(/allowScripts/);
    expect(plan.mode === 'browser' && plan.reason).toMatch(/npm run electron:fetch/);
  });

  it('falls back to browser mode when better-sqlite3 is not built for Electron yet', () => {
    const plan = planLaunch({ install: { ...installed, nativeBinding: null }, platform: 'win32', env: {} });
    expect(plan).toEqual({ mode: 'browser', reason: expect.stringMatching(/better-sqlite3 has not been built for Electron.*npm run electron:fetch/) });
  });

  it('falls back to browser mode on a Linux machine without a display', () => {
    expect(planLaunch({ install: installed, platform: 'linux', env: {} })).toEqual({ mode: 'browser', reason: expect.stringMatching(/no display/) });
  });

  it('uses browser mode when asked to, even with Electron installed', () => {
    expect(planLaunch({ install: installed, platform: 'linux', env: { ...display, ACCORD_BROWSER: '1' } })).toEqual({ mode: 'browser', reason: expect.stringMatching(/ACCORD_BROWSER=1/) });
  });

  it('says to run npm ci when even the electron package is missing', () => {
    expect(planLaunch({ install: { binary: null, version: null, nativeBinding: null }, platform: 'linux', env: display })).toEqual({
      mode: 'browser',
      reason: expect.stringMatching(/npm ci/),
    });
  });
});
