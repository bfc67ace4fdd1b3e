import type { Locator, Page } from '@playwright/test';

/** "Who are you?": the first annotation screen asks for a name and role; the top bar switches them. */
export class WhoAreYou {
  readonly form: Locator;
  readonly identityButton: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Who are you' });
    this.identityButton = page.getByTestId('identity-button');
  }

  async signIn(name: string, role: 'Annotator' | 'Adjudicator' | 'Lead'): Promise<void> {
    await this.form.getByLabel('Your name').fill(name);
    await this.form.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
    await this.form.getByRole('button', { name: /Continue|Switch/ }).click();
    await this.identityButton.filter({ hasText: name }).waitFor();
  }

  /** Switches person or role from the top bar. */
  async switchTo(name: string, role: 'Annotator' | 'Adjudicator' | 'Lead'): Promise<void> {
    await this.identityButton.click();
    await this.signIn(name, role);
  }
}
