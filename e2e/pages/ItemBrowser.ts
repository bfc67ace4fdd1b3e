import type { Locator, Page } from '@playwright/test';

/** `#/items`: filters and the server-paged grid. */
export class ItemBrowser {
  readonly heading: Locator;
  readonly summary: Locator;
  readonly grid: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly filters: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Items', level: 1 });
    this.summary = page.getByTestId('page-summary');
    this.grid = page.getByRole('grid', { name: 'Items' });
    this.rows = this.grid.locator('.MuiDataGrid-row');
    this.search = page.getByRole('textbox', { name: 'Search items' });
    this.filters = page.getByRole('search', { name: 'Item filters' });
  }

  /** The grid row showing this external id. */
  row(externalId: string): Locator {
    return this.rows.filter({ has: this.page.getByText(externalId, { exact: true }) });
  }

  async open(externalId: string): Promise<void> {
    await this.row(externalId).getByText(externalId, { exact: true }).click();
  }

  /** Chooses a value in one of the filter selects (Dataset, Kind, Findings). */
  async filterBy(label: 'Dataset' | 'Kind' | 'Findings', option: string): Promise<void> {
    await this.filters.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Adds a `field = value` metadata filter through the "+ Metadata" popover. */
  async filterByMetadata(field: string, value: string): Promise<void> {
    await this.filters.getByRole('button', { name: 'Metadata' }).click();
    const popover = this.page.getByRole('presentation').filter({ has: this.page.getByRole('button', { name: 'Add filter' }) });
    await popover.getByRole('combobox', { name: 'Field' }).click();
    await this.page.getByRole('option', { name: field, exact: true }).click();
    await popover.getByRole('combobox', { name: 'Value' }).fill(value);
    await this.page.getByRole('option', { name: value, exact: true }).click();
    await popover.getByRole('button', { name: 'Add filter' }).click();
  }

  /** Sorts by a column header (click again for descending). */
  async sortBy(header: string): Promise<void> {
    await this.grid.getByRole('columnheader', { name: header }).click();
  }

  /** The external ids of the visible rows, in order. */
  async externalIds(): Promise<string[]> {
    return this.grid.locator('[data-field="externalId"][role="gridcell"]').allInnerTexts();
  }
}
