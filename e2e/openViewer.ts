import type { Page } from '@playwright/test';
import { itemIdOf } from './api';
import { appLink, type AppFixture } from './fixtures';
import { AppShell } from './pages/AppShell';
import { ConversationViewer } from './pages/ConversationViewer';
import { GraphViewer } from './pages/GraphViewer';

// Opening an item's viewer, for the specs of the everyday tier and the heavy one alike.

/** Opens an item at 1400×900, as the issue reports it, and waits until its graph is drawn; returns the milliseconds that took. */
export async function openGraphAt1400(page: Page, app: AppFixture, externalId: string): Promise<{ viewer: GraphViewer; ms: number }> {
  await page.setViewportSize({ width: 1400, height: 900 });
  const id = await itemIdOf(app, externalId);
  await page.goto(appLink(app, '#/items'));
  await new AppShell(page).workspaceName.waitFor();
  const viewer = new GraphViewer(page);
  const started = Date.now();
  await new AppShell(page).goto(`#/items/${id}`);
  await viewer.waitReady(60_000);
  return { viewer, ms: Date.now() - started };
}

/** Opens an item by external id through its deep link, optionally with a unit selected. */
export async function openConversation(page: Page, app: AppFixture, externalId: string, unit?: string) {
  const id = await itemIdOf(app, externalId);
  await new AppShell(page).open(app.url, `#/items/${id}${unit ? `?unit=${unit}` : ''}`);
  const viewer = new ConversationViewer(page);
  await viewer.root.waitFor();
  return viewer;
}
