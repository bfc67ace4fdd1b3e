import type { Locator, Page } from '@playwright/test';

/** `#/judges`: the judge library, the editor with its tabs, import/export, and the run dialog. */
export class JudgesPage {
  readonly list: Locator;
  readonly listItems: Locator;
  readonly version: Locator;
  readonly issues: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('navigation', { name: 'Judges' });
    this.listItems = page.getByTestId('judge-list-item');
    this.version = page.getByTestId('judge-editor-version');
    this.issues = page.getByTestId('judge-issues');
    this.preview = page.getByTestId('judge-preview');
  }

  /** Selects a judge in the list by its title. */
  async select(title: string): Promise<void> {
    await this.listItems.filter({ hasText: title }).first().click();
  }

  async tab(name: 'Prompt' | 'Response & mapping' | 'Settings' | 'Preview'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  /** A template field (textarea) by its label. */
  template(part: 'System message' | 'User message'): Locator {
    return this.page.getByRole('textbox', { name: part });
  }

  /** Highlighted placeholders of the prompt (`data-known` says whether the engine knows them). */
  placeholders(name?: string): Locator {
    return name ? this.page.locator(`[data-placeholder="${name}"]`) : this.page.locator('[data-placeholder]');
  }

  async importFile(path: string): Promise<void> {
    await this.page.getByLabel('Judge file to import').setInputFiles(path);
  }

  /** The scrolling pane on the right that holds the chosen judge. */
  detail(): Locator {
    return this.page.getByTestId('judge-detail');
  }

  /** The question asked before leaving a judge with unsaved edits. */
  unsavedDialog(): Locator {
    return this.page.getByTestId('unsaved-judge-dialog');
  }

  /** Answers that question. */
  async answerUnsaved(choice: 'Keep editing' | 'Discard edits' | 'Save version'): Promise<void> {
    await this.unsavedDialog().getByRole('button', { name: choice }).click();
  }

  /** Types `text` at the end of a template field. */
  async appendToTemplate(part: 'System message' | 'User message', text: string): Promise<void> {
    await this.template(part).press('ControlOrMeta+End');
    await this.template(part).pressSequentially(text);
  }

  async openRunDialog(): Promise<RunDialog> {
    await this.page.getByRole('button', { name: 'Run…' }).click();
    return new RunDialog(this.page);
  }
}

/** The run dialog: endpoint, run settings, prices; then progress; then the result. */
export class RunDialog {
  readonly dialog: Locator;
  readonly progress: Locator;
  readonly progressCount: Locator;
  readonly eta: Locator;
  readonly result: Locator;
  readonly keyStatus: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
    this.progress = this.dialog.getByTestId('run-progress');
    this.progressCount = this.dialog.getByTestId('run-progress-count');
    this.eta = this.dialog.getByTestId('run-progress-eta');
    this.result = this.dialog.getByTestId('run-result');
    this.keyStatus = this.dialog.getByTestId('key-status');
  }

  async fill(settings: { baseUrl?: string; model?: string; concurrency?: number; prices?: { model: string; input: number; output: number } }): Promise<void> {
    if (settings.baseUrl !== undefined) await this.dialog.getByLabel('Base URL').fill(settings.baseUrl);
    if (settings.model !== undefined) await this.dialog.getByLabel('Model', { exact: true }).fill(settings.model);
    if (settings.concurrency !== undefined) await this.dialog.getByLabel('Concurrency').fill(String(settings.concurrency));
    if (settings.prices) {
      await this.dialog.getByRole('button', { name: 'Add price' }).click();
      await this.dialog.getByLabel('Price 1 model').fill(settings.prices.model);
      await this.dialog.getByLabel('Price 1 input $/1m').fill(String(settings.prices.input));
      await this.dialog.getByLabel('Price 1 output $/1m').fill(String(settings.prices.output));
    }
  }

  async start(): Promise<void> {
    await this.dialog.getByRole('button', { name: /^(Start|Resume) run$/ }).click();
  }

  async cancel(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Cancel run' }).click();
  }

  /** Requests done so far, read off the progress line ("12 of 30 requests"). */
  async done(): Promise<number> {
    const text = (await this.progressCount.textContent()) ?? '';
    const match = /^([\d,]+) of/.exec(text);
    return match ? Number(match[1].replace(/,/g, '')) : 0;
  }
}
