import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';
import { WhoAreYou } from './WhoAreYou';

/**
 * Opens the app signed in for the judge screens — the runs screens and running a judge are for
 * adjudicators and leads — by answering the runs page's "Who are you?", then goes to `hash`.
 * The identity is remembered for the page's origin, so every screen after it knows who is here.
 */
export async function openJudgesAs(page: Page, url: string, hash: string, name: string, role: 'Annotator' | 'Adjudicator' | 'Lead'): Promise<AppShell> {
  const shell = new AppShell(page);
  await shell.open(url, '#/judge-runs');
  await new WhoAreYou(page).signIn(name, role);
  if (hash !== '#/judge-runs') await shell.goto(hash);
  return shell;
}

/** `#/judge-runs`: the runs table (or, for an annotator, the refusal card in its place). */
export class JudgeRunsPage {
  readonly rows: Locator;
  readonly refusal: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('run-row');
    this.refusal = page.getByTestId('judge-runs-refusal');
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

  /** A row's delete button (a lead's; disabled for others, with the reason in its tooltip). */
  deleteButton(runId: number): Locator {
    return this.row(runId).getByRole('button', { name: `Delete run ${runId}` });
  }

  /** The run trash's row of a run (below the table, for leads). */
  trashRow(runId: number): Locator {
    return this.page.getByTestId('trash-row').filter({ hasText: `Run ${runId} ·` });
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
