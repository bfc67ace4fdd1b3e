import { defineConfig } from '@playwright/test';

/**
 * Browser tests run against browser mode (the same UI as the desktop app) in Debian's
 * Chromium; Playwright never downloads a browser here. This is the everyday tier (`npm test`);
 * `*.heavy.spec.ts` (100,000 items, a 63 MB import, two windows labeling at once) run in
 * `npm run test:heavy` (playwright.heavy.config.ts).
 */
export const HEAVY_SPECS = '**/*.heavy.spec.ts';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: HEAVY_SPECS,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.ACCORD_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
