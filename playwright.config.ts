import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests run against browser mode (the same UI as the desktop app) in Debian's
 * Chromium; Playwright never downloads a browser here. This is the everyday tier (`npm test`);
 * `*.heavy.spec.ts` (100,000 items, a 63 MB import, two windows labeling at once) run in
 * `npm run test:heavy` (playwright.heavy.config.ts).
 */
export const HEAVY_SPECS = '**/*.heavy.spec.ts';

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`, same version as its
 * `chromium`), what Playwright itself runs headless. Full Chromium in headless mode still runs
 * the browser's own UI: WebUI renderer processes beside the pages' and a busier browser
 * process. item + planViewer + browser specs (23 tests, 3 workers, loaded machine): 71-81 s of
 * process-tree CPU with chromium (11 s of it in the WebUI renderers), 50-51 s with the shell.
 * Where the shell is not installed, the full browser runs the same tests, slower.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.ACCORD_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: HEAVY_SPECS,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test has its own workspace and server (fixtures.ts), so tests, not files, are shared
  // out: a file with one long walkthrough no longer holds the others up. A file that needs its
  // tests in order says so (test.describe.configure({ mode: 'serial' })).
  fullyParallel: true,
  // Three workers per two cores. The browser tests are CPU-bound once Chromium's own processes
  // are counted (renderer, GPU and browser processes: about four fifths of the run's CPU; a
  // `time` of the runner alone misses them): one test alone keeps about a core busy. On two
  // cores, three and four workers took the same wall time (7.6 and 7.8 min on a loaded machine),
  // three with 6% less CPU and less contention for tests that wait on a deadline. Capped so a
  // big machine does not start dozens of browsers.
  workers: Math.min(8, Math.ceil(1.5 * availableParallelism())),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // The app honours the system's "reduce motion" setting (renderer/src/theme/theme.ts): no
    // ripples, fades or slides to render and wait for, 14% less CPU on the specs above.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
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
    // No trace by default: recording one (every action with the page's DOM before and after it)
    // for every test, to keep the few that fail, cost 10-13% of the run's CPU (measured: judges,
    // people-and-gold, tasks-and-schemas and agreement specs, 145 vs 160 CPU-seconds). A failed
    // test keeps its screenshot; rerun it with `--trace retain-on-failure` for the trace (README).
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
