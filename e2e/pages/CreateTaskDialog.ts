import type { Locator, Page } from '@playwright/test';

/** The create-task dialog, and the schema editor it opens. */
export class CreateTaskDialog {
  readonly dialog: Locator;
  readonly editor: Locator;
  /** "Discard this new task?", asked when the dialog is dismissed with something entered. */
  readonly discardQuestion: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'New task' });
    this.discardQuestion = page.getByRole('dialog', { name: 'Discard this new task?' });
    this.editor = page.getByRole('dialog', { name: /^Label schema/ });
  }

  async name(name: string): Promise<void> {
    await this.dialog.getByLabel('Task name').fill(name);
  }

  async choosePreset(title: string): Promise<void> {
    await this.dialog.getByRole('combobox', { name: 'Schema' }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
  }

  /** Opens the schema editor on the chosen schema. */
  async customize(): Promise<void> {
    await this.dialog.getByRole('button', { name: /Customize|Edit/ }).click();
    await this.editor.waitFor();
  }

  /** In the editor: adds the questions of a preset. */
  async addPresetQuestions(title: string): Promise<void> {
    await this.editor.getByRole('button', { name: 'Add question' }).click();
    await this.page.getByRole('menuitem', { name: new RegExp(`^${title}`) }).click();
  }

  async useSchema(): Promise<void> {
    await this.editor.getByTestId('schema-validity').filter({ hasText: 'Valid' }).waitFor();
    await this.editor.getByRole('button', { name: 'Use this schema' }).click();
  }

  async datasets(names: string[]): Promise<void> {
    for (const name of names) {
      await this.dialog.getByRole('combobox', { name: 'Datasets' }).click();
      await this.page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    }
  }

  async annotators(names: string[]): Promise<void> {
    const field = this.dialog.getByRole('combobox', { name: 'Annotators' });
    for (const name of names) {
      await field.fill(name);
      await field.press('Enter');
    }
  }

  async create(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Create task' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
