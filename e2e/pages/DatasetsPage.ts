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

  /** The delete dialog of a dataset (open it with {@link askDelete}). */
  deleteDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: `Delete dataset “${name}”?` });
  }

  async askDelete(name: string): Promise<Locator> {
    await this.row(name).getByRole('button', { name: `Delete dataset ${name}` }).click();
    return this.deleteDialog(name);
  }

  /** Deletes a dataset (to the trash), confirming in the dialog. */
  async deleteDataset(name: string): Promise<void> {
    const dialog = await this.askDelete(name);
    await dialog.getByRole('button', { name: 'Move to trash' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The trash's row of a deleted dataset. */
  trashRow(name: string): Locator {
    return this.page.getByTestId('trash-row').filter({ hasText: name });
  }
}
