import type { Locator, Page } from '@playwright/test';

/** The plan viewer in an item's "Review" tab: query, steps, gold side by side, lineage. */
export class PlanViewer {
  readonly root: Locator;
  readonly queryText: Locator;
  readonly queryFlags: Locator;
  readonly planner: Locator;
  readonly parseNote: Locator;
  readonly parseInvalid: Locator;
  readonly sourceText: Locator;
  readonly sourceMarks: Locator;
  readonly scores: Locator;
  readonly comparison: Locator;
  readonly matchLines: Locator;
  readonly lineage: Locator;
  readonly lineageSummary: Locator;
  readonly overview: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('plan-viewer');
    this.queryText = this.root.getByTestId('plan-query-text');
    this.queryFlags = this.root.getByTestId('query-flag');
    this.planner = this.root.getByTestId('plan-planner');
    this.parseNote = this.root.getByTestId('parse-note');
    this.parseInvalid = this.root.getByTestId('parse-invalid');
    this.sourceText = this.root.getByTestId('plan-source-text');
    this.sourceMarks = this.root.getByTestId('source-mark');
    this.scores = this.root.getByTestId('gold-scores');
    this.comparison = this.root.getByTestId('gold-comparison');
    this.matchLines = this.root.getByTestId('match-line');
    this.lineage = this.root.getByTestId('lineage-view');
    this.lineageSummary = this.root.getByTestId('lineage-summary');
    this.overview = this.root.getByTestId('plan-overview');
  }

  /** Scrolls the page so that this part of the viewer starts at the top of the screen (for screenshots). */
  async bringToTop(part: Locator = this.root): Promise<void> {
    await part.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  }

  /** Switches the view: "Plan vs gold", "Plan only" or "Lineage". */
  async show(view: 'Plan vs gold' | 'Plan only' | 'Lineage'): Promise<void> {
    await this.root.getByRole('group', { name: 'Plan view' }).getByRole('button', { name: new RegExp(`^${view}`) }).click();
  }

  /** The step cards of one plan: `plan`, `gold`, or a lineage version (`version-1` is the second). */
  steps(scope = 'plan'): Locator {
    return this.root.locator(`[data-testid="plan-step"][data-scope="${scope}"]`);
  }

  /** One step card by its id. */
  step(id: string, scope = 'plan'): Locator {
    return this.root.locator(`[data-testid="plan-step"][data-scope="${scope}"][data-step-id="${id}"]`);
  }

  /** The `(k)` placeholder inside a step's prompt that links to step k. */
  placeholder(stepId: string, ref: string, scope = 'plan'): Locator {
    return this.step(stepId, scope).getByTestId('step-prompt').getByRole('button', { name: `Placeholder for step ${ref}` });
  }

  /** A `(k)` positional input of a step (`T2S((3), …)`) that links to step k. */
  input(stepId: string, ref: string, scope = 'plan'): Locator {
    return this.step(stepId, scope).getByRole('button', { name: `Input from step ${ref}` });
  }

  /** Clicks the step's number, which selects it. */
  async select(stepId: string, scope = 'plan'): Promise<void> {
    await this.step(stepId, scope).getByRole('button', { name: `Step ${stepId}`, exact: true }).click();
  }

  /** Opens the source text of a plan read tolerantly. */
  async showSource(): Promise<void> {
    await this.parseNote.getByRole('button', { name: 'Show source' }).click();
  }

  async toVersion(n: number): Promise<void> {
    await this.lineage.getByRole('tab', { name: `Version ${n}` }).click();
  }

  async nextVersion(): Promise<void> {
    await this.lineage.getByRole('button', { name: 'Next version' }).click();
  }

  async previousVersion(): Promise<void> {
    await this.lineage.getByRole('button', { name: 'Previous version' }).click();
  }
}
