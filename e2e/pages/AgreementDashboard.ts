import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** `#/agreement` and `#/agreement/:taskId[/:question]`: the summary, the filter bar, the drill-downs, the export. */
export class AgreementDashboard {
  readonly summaryTable: Locator;
  /** `#/agreement`'s list of tasks (named apart from the Tasks screen's, which can still show while this one loads). */
  readonly taskList: Locator;
  readonly selection: Locator;
  readonly pageSummary: Locator;
  readonly questionTitle: Locator;
  readonly confusionMatrix: Locator;
  readonly raterMatrix: Locator;
  readonly tierShares: Locator;
  readonly categoryChart: Locator;
  readonly disagreeingUnits: Locator;
  readonly progress: Locator;
  /** What an annotator sees instead of the agreement screens. */
  readonly refusal: Locator;

  constructor(readonly page: Page) {
    this.summaryTable = page.getByRole('table', { name: 'Agreement per question' });
    this.taskList = page.getByRole('table', { name: 'Tasks to measure agreement on' });
    this.selection = page.getByRole('search', { name: 'Agreement selection' });
    this.pageSummary = page.getByTestId('page-summary');
    this.questionTitle = page.getByTestId('question-title');
    this.confusionMatrix = page.getByTestId('confusion-matrix');
    this.raterMatrix = page.getByTestId('rater-matrix');
    this.tierShares = page.getByTestId('tier-shares');
    this.categoryChart = page.getByTestId('category-kappa-chart');
    this.disagreeingUnits = page.getByTestId('disagreeing-unit');
    this.progress = page.getByRole('progressbar', { name: 'Computing agreement' });
    this.refusal = page.getByTestId('agreement-refusal');
  }

  /** The lock an entry of the left navigation carries for annotators (screens that show every rater's labels). */
  navLock(entry: 'Agreement' | 'Adjudication'): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry }).getByTestId('nav-locked');
  }

  /** Opens the Agreement section from the left navigation and a task from its list. */
  async openTask(name: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agreement' }).click();
    // Not "a table named Tasks": the Tasks screen's own list, still shown while this screen
    // loads, has one too, and a click there opened the task instead (a first-day spec flake).
    await this.taskList.getByRole('link', { name }).click();
    await this.summaryTable.waitFor();
  }

  /** A question's row of the summary table. */
  row(question: string): Locator {
    return this.page.getByTestId(`agreement-row-${question}`);
  }

  /** The headline κ printed in a question's row. */
  headline(question: string): Locator {
    return this.row(question).getByTestId('headline-kappa');
  }

  /** The Landis–Koch chip in a question's row (a band, a range of bands, or "not enough evidence"). */
  band(question: string): Locator {
    return this.row(question).getByTestId('band-chip');
  }

  /** The Landis–Koch chip beside the headline κ on a question's page. */
  get headlineBand(): Locator {
    return this.page.getByTestId('headline-figure').getByTestId('band-chip');
  }

  /** Back from a question to the task's summary, through the breadcrumb. */
  async backToQuestions(task: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: task }).click();
    await this.summaryTable.waitFor();
  }

  /** Opens a question's drill-downs by its title. */
  async openQuestion(title: string): Promise<void> {
    await this.summaryTable.getByRole('link', { name: title }).click();
    await this.questionTitle.waitFor();
  }

  async showView(name: 'Confusion matrix' | 'Annotators' | 'Per category' | 'Per tag' | RegExp | 'All statistics'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Drill-downs' }).getByRole('tab', { name }).click();
  }

  /** Adds a metadata filter `field = value` through the "+ Metadata" popover. */
  async filterMetadata(field: string, value: string): Promise<void> {
    await this.selection.getByRole('button', { name: 'Metadata' }).click();
    const popover = this.page.getByRole('presentation').filter({ has: this.page.getByRole('button', { name: 'Add filter' }) });
    await popover.getByRole('combobox', { name: 'Field' }).click();
    await this.page.getByRole('option', { name: field, exact: true }).click();
    await popover.getByRole('combobox', { name: 'Value' }).fill(value);
    await this.page.getByRole('option', { name: value, exact: true }).click();
    await popover.getByRole('button', { name: 'Add filter' }).click();
  }

  /** Exports the report in a format and returns the download. */
  async export(format: 'HTML report' | 'Markdown table' | 'CSV' | 'JSON' | 'LaTeX table'): Promise<Download> {
    await this.page.getByRole('button', { name: 'Export report' }).click();
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('menuitem', { name: new RegExp(`^${format}`) }).click();
    return download;
  }

  /** Exports a format that saves several files (LaTeX: the .tex and its .bib) and returns each download. */
  async exportAll(format: 'LaTeX table', files: number): Promise<Download[]> {
    await this.page.getByRole('button', { name: 'Export report' }).click();
    const downloads: Download[] = [];
    const collect = (download: Download) => downloads.push(download);
    this.page.on('download', collect);
    await this.page.getByRole('menuitem', { name: new RegExp(`^${format}`) }).click();
    await expect.poll(() => downloads.length).toBe(files);
    this.page.off('download', collect);
    return downloads;
  }
}
