import type { Locator, Page } from '@playwright/test';

/** `#/tasks`: the task list with progress per annotator. */
export class TasksPage {
  readonly rows: Locator;
  readonly newTaskButton: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('task-row');
    this.newTaskButton = page.getByRole('button', { name: 'New task' });
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async open(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name, exact: true }).click();
  }

  /** Starts (or resumes) labeling a task from its row. */
  async label(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name: 'Label', exact: true }).click();
  }
}
