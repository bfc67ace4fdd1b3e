import type { Locator, Page, Route } from '@playwright/test';

/** `#/adjudication/:taskId` (the queue) and `#/adjudication/:taskId/items/:itemId` (one item, answers side by side). */
export class AdjudicationScreens {
  readonly entries: Locator;
  readonly emptyQueue: Locator;
  readonly unanimousResult: Locator;
  readonly itemId: Locator;
  readonly groups: Locator;
  readonly settled: Locator;
  /** "2 of 3 · 1 open": where the item stands in its queue. */
  readonly position: Locator;
  /** A gold key pressed while the item's answers load, waiting for them. */
  readonly waitingKey: Locator;
  /** What an annotator sees instead of any adjudication screen. */
  readonly refusal: Locator;

  constructor(readonly page: Page) {
    this.entries = page.getByTestId('adjudication-entry');
    this.emptyQueue = page.getByTestId('queue-empty');
    this.unanimousResult = page.getByTestId('unanimous-result');
    this.itemId = page.getByTestId('adjudication-item-id');
    this.groups = page.getByTestId('answer-group');
    this.settled = page.getByTestId('item-settled');
    this.position = page.getByTestId('adjudication-position');
    this.waitingKey = page.getByTestId('waiting-key');
    this.refusal = page.getByTestId('adjudication-refusal');
  }

  async openQueue(task: string): Promise<void> {
    await this.page.getByTestId('adjudication-task-row').filter({ hasText: task }).getByRole('link', { name: 'Open queue' }).click();
  }

  async acceptUnanimous(): Promise<void> {
    await this.page.getByRole('button', { name: 'Accept unanimous answers' }).click();
    await this.unanimousResult.waitFor();
  }

  /**
   * Holds back the answers of every item opened from now on (`adjudication.item`) until
   * `release`, as a slow service would: the item's header shows, its answers do not.
   */
  async holdAnswers(): Promise<{ release(): Promise<void> }> {
    const held: Route[] = [];
    let holding = true;
    const handler = (route: Route) => (holding ? void held.push(route) : route.continue());
    await this.page.route('**/api/call/adjudication.item', handler);
    return {
      release: async () => {
        holding = false;
        await this.page.unroute('**/api/call/adjudication.item', handler);
        // A request of an item left meanwhile may be gone: nothing to answer then.
        for (const route of held.splice(0)) await route.continue().catch(() => {});
      },
    };
  }

  async openEntry(externalId: string): Promise<void> {
    await this.entries.getByRole('link', { name: externalId, exact: true }).click();
    await this.groups.first().waitFor();
  }

  group(question: string, unit = ''): Locator {
    return this.page.locator(`[data-testid="answer-group"][data-question="${question}"][data-unit="${unit}"]`);
  }

  /** The note saved with a group's gold label. */
  note(question: string, unit = ''): Locator {
    return this.group(question, unit).getByRole('textbox', { name: 'Note for the gold label' });
  }

  /** The gold buttons of a group, in key order (1, 2, …). */
  goldOptions(question: string, unit = ''): Locator {
    return this.group(question, unit).getByRole('group', { name: 'Set gold' }).getByRole('button', { name: /^Gold: / });
  }

  /** The key (1…n) of the gold option that reads `text` in a group. */
  async goldKey(question: string, unit: string, text: string): Promise<string> {
    await this.goldOptions(question, unit).first().waitFor();
    const labels = await this.goldOptions(question, unit).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    const index = labels.indexOf(`Gold: ${text}`);
    if (index < 0) throw new Error(`no gold option "${text}" among ${labels.join(', ')}`);
    return String(index + 1);
  }
}
