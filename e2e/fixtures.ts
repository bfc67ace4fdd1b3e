import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { browserLink } from '../electron/common/browserLink';
import { startBrowserMode, type BrowserModeServer } from '../electron/transports/http/server';
import { FIXTURES, FORMATS } from '../electron/testing/fixtures';

/** Folder where specs save the screenshots a person opens and looks at. */
export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');
/** The example of every input format (fixtures/formats) and the demo dataset (fixtures/). */
export { FIXTURES, FORMATS };
/**
 * The built renderer the tests load: `dist/renderer` (what `npm run test:e2e` builds), or
 * another build named by ACCORD_STATIC_DIR so parallel work can test its own build.
 */
const STATIC_DIR = process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined;

export interface AppFixture {
  server: BrowserModeServer;
  workspacePath: string;
  /** The printed URL, the token in its fragment (`…/#token=…`): opening it logs the page in. */
  url: string;
}

/** A deep link to `route` (a hash route such as `#/items/3`), the token in its fragment as `accord items --json` prints it. */
export function appLink(app: AppFixture, route: string): string {
  return browserLink(app.server.baseUrl, app.server.token, route);
}

/**
 * Each test gets its own temporary workspace and a server on a free port (STYLE.md: no test
 * depends on another's leftovers).
 */
export const test = base.extend<{ app: AppFixture; failOnPageErrors: void; closeOpenedContexts: void }>({
  // Contexts a test opens itself (openAs: a second annotator, a lead beside them) are closed when
  // it ends. The worker's browser outlives the test, so a context left open kept its pages alive
  // in every later test of the worker: retrying live updates against a server already gone,
  // using CPU and memory. Playwright still takes a failed test's screenshot and trace of a
  // context as it closes.
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
  // An uncaught exception in the page fails the test even when the screen looked right.
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      if (errors.length) throw new Error(`uncaught errors in the page:\n${errors.join('\n')}`);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  app: async ({}, use) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-'));
    const workspacePath = path.join(dir, 'test.accord');
    const server = await startBrowserMode({ workspacePath, port: 0, staticDir: STATIC_DIR });
    await use({ server, workspacePath, url: server.url });
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';

/** Saves a full-page screenshot under e2e/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
