import type { Locator, Page } from '@playwright/test';

/** `#/items/:id`: header, findings, raw artifact, next/previous. */
export class ItemPage {
  readonly externalId: Locator;
  readonly findings: Locator;
  readonly position: Locator;
  readonly metrics: Locator;
  readonly artifact: Locator;
  readonly sourceText: Locator;
  readonly payload: Locator;
  readonly nextButton: Locator;
  readonly previousButton: Locator;

  constructor(readonly page: Page) {
    this.externalId = page.getByTestId('item-external-id');
    this.findings = page.getByTestId('finding');
    this.position = page.getByTestId('item-position');
    this.metrics = page.getByTestId('reference-metrics');
    this.artifact = page.getByTestId('artifact-panel');
    this.sourceText = page.getByTestId('code-text');
    this.payload = page.getByTestId('code-json');
    this.nextButton = page.getByLabel('Next item (j)');
    this.previousButton = page.getByLabel('Previous item (k)');
  }

  /** Clicks a button `times` times as fast as a mouse goes, without waiting for the page in between. */
  async clickRapidly(button: Locator, times: number): Promise<void> {
    const box = await button.boundingBox();
    if (!box) throw new Error('the button is not on screen');
    for (let i = 0; i < times; i++) await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  /** A finding by part of its message or validator id. */
  finding(text: string | RegExp): Locator {
    return this.findings.filter({ hasText: text });
  }

  /** The raw artifact, one tab away from the kind's viewer. */
  async showRaw(): Promise<void> {
    await this.artifact.getByRole('tab', { name: 'Raw', exact: true }).click();
  }

  async showPayload(): Promise<void> {
    await this.artifact.getByRole('tab', { name: 'Payload (JSON)' }).click();
  }

  async showSource(): Promise<void> {
    await this.artifact.getByRole('tab', { name: 'Source text' }).click();
  }

  /** Moves with the keyboard, as a reviewer does: `j` next, `k` previous. */
  async next(): Promise<void> {
    await this.page.keyboard.press('j');
  }

  async previous(): Promise<void> {
    await this.page.keyboard.press('k');
  }

  async backToItems(): Promise<void> {
    await this.page.getByRole('main').getByRole('link', { name: 'Items' }).click();
  }
}
