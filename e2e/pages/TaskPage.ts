import type { Download, Locator, Page } from '@playwright/test';

/** `#/tasks/:id`: progress, label files and packs, settings. */
export class TaskPage {
  readonly name: Locator;
  readonly progressRows: Locator;
  readonly labelFiles: Locator;
  readonly labelImportReport: Locator;
  readonly packDialog: Locator;
  /** The line telling an annotator why the all-raters exports and others' packs are hidden. */
  readonly blindNote: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByTestId('task-name');
    this.progressRows = page.getByTestId('progress-row');
    this.labelFiles = page.getByRole('region', { name: 'Label files' });
    this.labelImportReport = page.getByTestId('label-import-report');
    this.packDialog = page.getByRole('dialog', { name: /^Label pack/ });
    this.blindNote = page.getByTestId('label-files-blind-note');
  }

  /** A button of the Label files panel by its exact name (to check what a role is offered). */
  labelFilesButton(name: string): Locator {
    return this.labelFiles.getByRole('button', { name, exact: true });
  }

  async startLabeling(): Promise<void> {
    await this.page.getByRole('link', { name: /(Start|Continue) labeling/ }).click();
  }

  /** Clicks an export button and returns the file the browser saved. */
  async exportLabels(format: 'CSV' | 'JSONL'): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.labelFiles.getByRole('button', { name: `Export ${format}` }).click();
    return download;
  }

  async importLabels(path: string): Promise<void> {
    await this.labelFiles.getByTestId('labels-file-input').setInputFiles(path);
    await this.labelImportReport.waitFor();
  }

  async exportPack(annotator: string): Promise<Download> {
    await this.labelFiles.getByLabel('Annotator').click();
    await this.page.getByRole('option', { name: annotator, exact: true }).click();
    const download = this.page.waitForEvent('download');
    await this.labelFiles.getByRole('button', { name: 'Export pack' }).click();
    return download;
  }

  /** An annotator's only pack export: their own. */
  async exportOwnPack(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.labelFiles.getByRole('button', { name: 'Export my pack' }).click();
    return download;
  }

  /** Imports a label pack and waits for its report (or error) in the dialog. */
  async importPack(path: string): Promise<void> {
    await this.labelFiles.getByTestId('pack-file-input').setInputFiles(path);
    await this.packDialog.getByTestId('pack-import-report').or(this.packDialog.getByRole('alert')).first().waitFor();
  }

  /** A figure of the pack report: Applied, Kept, Unchanged, Submissions, Refused. */
  packFigure(name: 'Applied' | 'Kept' | 'Unchanged' | 'Submissions' | 'Refused'): Locator {
    return this.packDialog.getByTestId(`pack-${name.toLowerCase()}`);
  }

  async closePackReport(): Promise<void> {
    await this.packDialog.getByRole('button', { name: 'Close' }).click();
  }
}
