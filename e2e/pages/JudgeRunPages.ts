import { expect, type Locator, type Page } from '@playwright/test';

/** `#/judge-runs`: the runs table. */
export class JudgeRunsPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('run-row');
  }

  row(runId: number): Locator {
    return this.page.locator(`[data-testid="run-row"][data-run="${runId}"]`);
  }

  async selectForComparison(runId: number): Promise<void> {
    await this.page.getByLabel(`Select run ${runId} to compare`).check();
  }

  async compare(): Promise<void> {
    await this.page.getByRole('button', { name: /^Compare runs/ }).click();
  }

  /** A row's Cancel button (reads "Cancelling…" once asked, until the run stops). */
  cancelButton(runId: number): Locator {
    return this.row(runId).getByRole('button', { name: `Cancel run ${runId}` });
  }

  resumeButton(runId: number): Locator {
    return this.row(runId).getByRole('button', { name: `Resume run ${runId}` });
  }

  status(runId: number): Locator {
    return this.row(runId).getByTestId('run-status');
  }
}

/** "Cancel run N?": the confirmation before a run is cancelled. */
export class CancelRunConfirmation {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Cancel run \d+\?$/ });
  }

  /** Waits until the dialog has faded in (a screenshot taken earlier shows it half transparent). */
  async waitOpen(): Promise<void> {
    await expect(this.dialog.locator('xpath=ancestor::div[contains(@class, "MuiDialog-container")]')).toHaveCSS('opacity', '1');
  }

  async confirm(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Cancel run' }).click();
  }

  async keepRunning(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Keep running' }).click();
  }
}

/** `#/judge-runs/:id`: a run's calibration, one question at a time. */
export class CalibrationPage {
  readonly verdict: Locator;
  readonly pairs: Locator;
  readonly confusion: Locator;
  readonly disagreements: Locator;

  constructor(readonly page: Page) {
    this.verdict = page.getByTestId('verdict');
    this.pairs = page.getByTestId('pair-row');
    this.confusion = page.getByTestId('confusion-matrix');
    this.disagreements = page.getByTestId('disagreement');
  }

  /** One row of the agreement table: `judge:ana`, `judge:(gold)`, `ana:ben`. */
  pair(key: string): Locator {
    return this.page.locator(`[data-testid="pair-row"][data-pair="${key}"]`);
  }

  /** The text of a cell of a pair row: units, kappa, ci, agreement. */
  async pairCell(key: string, cell: 'units' | 'kappa' | 'ci' | 'agreement'): Promise<string> {
    return (await this.pair(key).getByTestId(`pair-${cell}`).textContent()) ?? '';
  }

  section(name: 'agreement' | 'confusion' | 'classes' | 'bias' | 'disagreements'): Locator {
    return this.page.getByTestId(`${name}-section`);
  }

  /** The note of a run that fell back from json_schema to json_object. */
  get outputFallback(): Locator {
    return this.page.getByTestId('output-fallback');
  }
}
