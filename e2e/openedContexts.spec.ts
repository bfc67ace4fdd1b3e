import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

// The worker's browser outlives each test: a context a test opened and left open would keep its
// pages running through every later test of the worker (fixtures.ts, closeOpenedContexts).
test.describe.configure({ mode: 'serial' });

let opened: BrowserContext | undefined;

test('a test may open a context of its own and leave it open', async ({ browser }) => {
  opened = await browser.newContext();
  await opened.newPage();
  expect(browser.contexts()).toContain(opened);
});

test('the next test of the worker no longer has it', async ({ browser }) => {
  expect(opened).toBeDefined();
  expect(browser.contexts()).not.toContain(opened);
});
