import type { Locator, Page } from '@playwright/test';

/** The import dialog's mapping step for one chosen file: first records, the mapping, its preview, saving it. */
export class MappingPanel {
  readonly panel: Locator;
  readonly recognised: Locator;
  readonly records: Locator;
  readonly text: Locator;
  readonly previewRows: Locator;
  readonly saved: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('mapping-panel');
    this.recognised = this.panel.getByTestId('mapping-recognised');
    this.records = this.panel.getByTestId('mapping-records');
    this.text = this.panel.getByTestId('mapping-text');
    this.previewRows = this.panel.getByTestId('mapping-preview-row');
    this.saved = this.panel.getByTestId('mapping-saved');
  }

  async showFirstRecords(): Promise<void> {
    await this.panel.getByTestId('mapping-preview-start').click();
    await this.recognised.waitFor();
  }

  async writeMapping(json: string): Promise<void> {
    await this.text.fill(json);
    await this.panel.getByTestId('mapping-preview-run').click();
  }

  async save(): Promise<void> {
    await this.panel.getByTestId('mapping-save').click();
    await this.saved.waitFor();
  }
}
