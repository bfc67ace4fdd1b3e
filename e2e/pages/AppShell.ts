import type { Locator, Page } from '@playwright/test';
import { browserLink, parseTokenFragment } from '../../electron/common/browserLink';

/** The frame around every screen: top bar, left navigation, hash routes. */
export class AppShell {
  readonly workspaceName: Locator;
  readonly importButton: Locator;
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.workspaceName = page.getByTestId('workspace-name');
    this.importButton = page.getByRole('banner').getByRole('button', { name: 'Import files' });
    this.nav = page.getByRole('navigation', { name: 'Main' });
  }

  /**
   * Opens the printed URL (the token in its fragment) and, optionally, a hash route such as
   * `#/items/3` — as a deep link, the way `accord items --json` prints it.
   */
  async open(url: string, hash = ''): Promise<void> {
    const parsed = new URL(url);
    const link = parseTokenFragment(parsed.hash);
    await this.page.goto(link && hash ? browserLink(`${parsed.origin}${parsed.pathname}`, link.token, hash) : url);
    if (hash && !link) await this.goto(hash);
    await this.workspaceName.waitFor();
  }

  /** Goes to a hash route of the already logged-in app, like following a deep link. */
  async goto(hash: string): Promise<void> {
    const base = new URL(this.page.url());
    base.hash = hash.replace(/^#/, '');
    await this.page.goto(base.toString());
  }

  /** Clicks an entry of the left navigation. */
  async navigate(label: 'Datasets' | 'Items' | 'Tasks' | 'Adjudication'): Promise<void> {
    await this.nav.getByRole('link', { name: label }).click();
  }
}
