import type { Locator, Page } from '@playwright/test';

/** `#/datasets`: the dataset table with counts and source files. */
export class DatasetsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Datasets', level: 1 });
    this.table = page.getByRole('table', { name: 'Datasets' });
    this.rows = page.getByTestId('dataset-row');
    this.emptyState = page.getByText('No datasets yet');
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Opens the items of a dataset by its name link. */
  async openItems(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name, exact: true }).click();
  }

  /** Deletes a dataset, confirming in the dialog. */
  async deleteDataset(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Delete dataset ${name}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Delete dataset “${name}”?` });
    await dialog.getByRole('button', { name: 'Delete dataset' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
