import type { Locator, Page } from '@playwright/test';

/** The labeling screen: viewer left, questions right, keyboard first. */
export class LabelingScreen {
  readonly screen: Locator;
  readonly itemId: Locator;
  readonly status: Locator;
  readonly saveStatus: Locator;
  readonly blindNotice: Locator;
  readonly othersAnswers: Locator;
  readonly raterMarks: Locator;
  readonly units: Locator;
  readonly cheatSheet: Locator;
  readonly done: Locator;
  readonly actionError: Locator;
  readonly position: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('labeling-screen');
    this.itemId = page.getByTestId('labeling-item-id');
    this.status = page.getByTestId('item-status');
    this.saveStatus = page.getByTestId('save-status');
    this.blindNotice = page.getByTestId('blind-notice');
    this.othersAnswers = page.getByTestId('others-answers');
    this.raterMarks = page.getByTestId('rater-marks');
    this.units = page.getByTestId('unit-chip');
    this.cheatSheet = page.getByRole('dialog', { name: 'Keyboard' });
    this.done = page.getByTestId('queue-done');
    this.actionError = page.getByTestId('action-error');
    this.position = page.getByTestId('queue-position');
  }

  /** The external id of the item on screen, once its questions are ready. */
  async currentItem(): Promise<string> {
    await this.page.getByTestId('question-card').first().waitFor();
    return (await this.itemId.textContent()) ?? '';
  }

  /** Opens an item of the queue from the position menu ("5 of 40"). */
  async jumpTo(externalId: string): Promise<void> {
    await this.position.click();
    await this.page.getByRole('menuitem', { name: new RegExp(externalId) }).click();
    await this.itemId.filter({ hasText: externalId }).waitFor();
    await this.page.getByTestId('question-card').first().waitFor();
  }

  question(id: string): Locator {
    return this.page.locator(`[data-testid="question-card"][data-question="${id}"]`);
  }

  /** The rationale field of a question (of the selected unit, for a per-unit question). */
  rationale(questionId: string): Locator {
    return this.question(questionId).getByRole('textbox', { name: /^Rationale for / });
  }

  unit(key: string): Locator {
    return this.page.locator(`[data-testid="unit-chip"][data-unit="${key}"]`);
  }

  /** Presses keys one after another, as a person labeling with the keyboard does. */
  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** Waits until every answer is on disk ("Saved"). */
  async saved(): Promise<void> {
    await this.page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  }

  /** Submits with Enter and waits for the next item (or the end of the queue). */
  async submit(): Promise<void> {
    const before = await this.itemId.textContent();
    await this.page.keyboard.press('Enter');
    await this.page.waitForFunction(
      (previous) => {
        const doc = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document;
        return doc.querySelector('[data-testid="queue-done"]') !== null || doc.querySelector('[data-testid="labeling-item-id"]')?.textContent !== previous;
      },
      before,
    );
  }
}
