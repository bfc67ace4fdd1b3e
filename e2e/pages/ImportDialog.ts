import type { Locator, Page } from '@playwright/test';
import type { AppShell } from './AppShell';
import { WhoAreYou } from './WhoAreYou';

/** The import dialog: choose files, options, progress, per-file results. */
export class ImportDialog {
  readonly dialog: Locator;
  readonly fileInput: Locator;
  readonly folderInput: Locator;
  readonly chosenFiles: Locator;
  readonly datasetName: Locator;
  readonly skipInvalid: Locator;
  readonly results: Locator;
  readonly fileResults: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Import files' });
    this.fileInput = this.dialog.getByTestId('import-file-input');
    this.folderInput = this.dialog.getByTestId('import-folder-input');
    this.chosenFiles = this.dialog.getByRole('list', { name: 'Files to import' }).getByRole('listitem');
    this.datasetName = this.dialog.getByLabel('Dataset name (optional)');
    this.skipInvalid = this.dialog.getByLabel('Skip invalid records');
    this.results = this.dialog.getByTestId('import-results');
    this.fileResults = this.dialog.getByTestId('import-file-result');
  }

  /** Opens the dialog from the app bar and answers its "Who are you?" as the lead lea. */
  static async openAsLead(shell: AppShell): Promise<ImportDialog> {
    await shell.importButton.click();
    const dialog = new ImportDialog(shell.page);
    await dialog.signInAsLead();
    return dialog;
  }

  async chooseFiles(paths: string[]): Promise<void> {
    await this.fileInput.setInputFiles(paths);
  }

  /** Chooses a folder, as "Choose a folder…" does: the browser lists its files. */
  async chooseFolder(folder: string): Promise<void> {
    await this.folderInput.setInputFiles(folder);
  }

  /** Importing is a lead's: answers the dialog's "Who are you?" as the lead lea. */
  async signInAsLead(): Promise<void> {
    await new WhoAreYou(this.page).signIn('lea', 'Lead');
  }

  /** Starts the import and waits for the per-file results. */
  async importAndWait(): Promise<void> {
    await this.dialog.getByRole('button', { name: /^Import/ }).click();
    await this.results.waitFor({ timeout: 30_000 });
  }

  /** The result entry of one file, by its name. */
  resultFor(fileName: string): Locator {
    return this.fileResults.filter({ hasText: fileName });
  }

  async showItems(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Show items' }).click();
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
  }
}
