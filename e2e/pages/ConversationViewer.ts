import type { Locator, Page } from '@playwright/test';

/** The conversation viewer on the item page: scenario, trace alignment, transcript. */
export class ConversationViewer {
  readonly root: Locator;
  readonly scenario: Locator;
  readonly tracePanel: Locator;
  readonly traceRows: Locator;
  readonly transcript: Locator;
  readonly transcriptSummary: Locator;
  /** The turns in the DOM (the transcript is windowed: only those near the viewport). */
  readonly renderedTurns: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('conversation-viewer');
    this.scenario = page.getByTestId('scenario-panel');
    this.tracePanel = page.getByTestId('trace-panel');
    this.traceRows = this.tracePanel.getByTestId('trace-row');
    this.transcript = page.getByTestId('transcript');
    this.transcriptSummary = page.getByTestId('transcript-summary');
    this.renderedTurns = this.transcript.getByTestId('turn');
  }

  /** Turn `index` (0-based), when rendered. */
  turn(index: number): Locator {
    return this.transcript.locator(`[data-testid="turn"][data-turn="${index}"]`);
  }

  /** A scenario field's value: "type", "journey", "seed", "persona", "user-info", "procedure". */
  scenarioField(name: string): Locator {
    return this.scenario.getByTestId(`scenario-${name}`);
  }

  /** Trace alignment rows for a tool name. */
  traceRow(name: string): Locator {
    return this.traceRows.filter({ hasText: name });
  }

  /** The value shown for a trace score (`toolCallAccuracy`, `toolF1`, …). */
  metric(id: string): Locator {
    return this.tracePanel.locator(`[data-testid="trace-metric"][data-metric="${id}"]`).getByTestId('trace-metric-value');
  }

  /** The trace table's muted rows of gold entries that are ToolBench's termination (`Finish`, not scored). */
  traceTerminations(): Locator {
    return this.tracePanel.getByTestId('trace-termination');
  }

  /** The "Other fields (n)" button of turn `index`: the source fields the model does not know, kept on the turn. */
  turnOtherFields(index: number): Locator {
    return this.turn(index).getByTestId('turn-other-fields').getByRole('button');
  }

  /** The record's "Other fields of the record (n)" button, under the scenario. */
  recordOtherFields(): Locator {
    return this.scenario.getByTestId('record-other-fields').getByRole('button');
  }

  /** The JSON text of opened other fields inside `within` (a turn, the scenario panel). */
  otherFieldsJson(within: Locator): Locator {
    return within.getByTestId('other-fields-json');
  }

  /** Scrolls the page so the viewer starts at the top of the window (for a screenshot of it). */
  async scrollIntoView(): Promise<void> {
    await this.root.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  }

  /** Looks at the Raw tab and comes back to the viewer. */
  async showRawAndBack(): Promise<void> {
    const tabs = this.page.getByRole('tablist', { name: 'Artifact view' });
    await tabs.getByRole('tab', { name: 'Raw' }).click();
    await this.page.getByTestId('code-json').waitFor();
    await tabs.getByRole('tab', { name: 'Review' }).click();
  }

  /** Selects a turn by its number in the gutter, as a reviewer clicks it. */
  async selectTurn(index: number): Promise<void> {
    await this.turn(index).getByRole('button', { name: `Select turn ${index}` }).click();
  }

  /** Scrolls the transcript to its end in steps, as a wheel would, and waits for the last turn. */
  async scrollTranscriptToEnd(lastIndex: number): Promise<void> {
    await this.transcript.scrollIntoViewIfNeeded();
    await this.transcript.evaluate(async (element) => {
      for (let i = 0; i < 200 && element.scrollTop + element.clientHeight < element.scrollHeight - 1; i++) {
        element.scrollTop += element.clientHeight * 0.9;
        await new Promise((resolve) => setTimeout(resolve, 16));
      }
    });
    await this.turn(lastIndex).waitFor();
  }
}
