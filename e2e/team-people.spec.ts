import path from 'node:path';
import type { Browser } from '@playwright/test';
import { callApi, itemIdOf } from './api';
import { createTask, importReviewPlans } from './annotation';
import { expect, screenshot, test } from './fixtures';
import { JudgesPage } from './pages/JudgesPage';
import { startBrowserMode, type BrowserModeServer } from '../electron/transports/http/server';

// A team server's first day as its lead and adjudicator live it (issue 16; found walking README's
// "Run a team server" on PostgreSQL): a team server has no "Who are you?", so the lead adds the
// adjudicator with her role in People (Add person…) and invites her at once; a role changes in
// the table. The adjudicator's queue counts gold in words that agree with the number; her judge
// run dialog does not offer extra headers, which a team server refuses.

const STATIC_DIR = process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined;

async function openInvite(browser: Browser, link: string, viewport = { width: 1440, height: 900 }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(link);
  return page;
}

test.describe('a team server in People, adjudication and judges', () => {
  let team: BrowserModeServer;
  test.afterEach(async () => {
    await team?.close();
  });

  test('the lead adds ada as adjudicator and invites her; changes ben’s role; ada sees her queue and a run dialog without headers', async ({ app, browser }) => {
    test.setTimeout(120_000);
    await importReviewPlans(app, 3);
    const taskId = await createTask(app, { name: 'blind review', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
    // Two items answered alike (gold once accepted), one apart (to settle).
    for (const [item, ana, ben] of [
      ['pq-001', 'Good', 'Good'],
      ['pq-002', 'Good', 'Bad'],
    ] as const) {
      const itemId = await itemIdOf(app, item);
      for (const [who, value] of [
        ['ana', ana],
        ['ben', ben],
      ] as const) {
        await callApi(app, 'labels.save', { task: taskId, itemId, question: 'overall_quality', value }, who);
        await callApi(app, 'labels.submit', { task: taskId, itemId }, who);
      }
    }
    await callApi(app, 'adjudication.acceptUnanimous', { task: taskId });

    team = await startBrowserMode({ workspacePath: app.workspacePath, port: 0, staticDir: STATIC_DIR, team: {} });
    const leadInvite = await callApi<{ link: string }>(app, 'invites.create', { person: 'lea', urlBase: team.baseUrl });
    const lead = await openInvite(browser, leadInvite.link);
    // The page exchanges the invite for its session after it has loaded, and then shows the link's
    // route: going to People before that was seen was undone by it (the Datasets screen stayed).
    await expect(lead.getByTestId('identity-button')).toContainText('lea');
    // The link's route ("/") is Datasets; as the user would, the lead sees it before going on.
    await expect(lead.getByRole('heading', { name: 'Datasets' })).toBeVisible();
    await lead.goto(`${team.baseUrl}#/people`);
    await expect(lead.getByRole('heading', { name: 'People' })).toBeVisible();

    // Add person… → name and role → the invite dialog for her opens at once.
    await lead.getByRole('button', { name: 'Add person…' }).click();
    const add = lead.getByRole('dialog', { name: 'Add a person' });
    await add.getByLabel('Name').fill('ada');
    await add.getByLabel('Role').click();
    await lead.getByRole('option', { name: 'Adjudicator' }).click();
    await expect(lead.getByRole('listbox')).toHaveCount(0);
    await expect(add).toContainText('Also sees all labels side by side and settles disagreements into gold.');
    await screenshot(lead, 'team-people-add-person');
    await add.getByRole('button', { name: 'Add person' }).click();
    const invite = lead.getByRole('dialog', { name: 'Invite ada' });
    await expect(invite).toContainText('into this team server as adjudicator');
    // She is not an annotator: her link does not promise blindness.
    await expect(invite).not.toContainText('blind to other raters');
    await invite.getByRole('button', { name: 'Create invite link' }).click();
    const adaLink = await invite.getByTestId('invite-link').inputValue();
    // A page with no clipboard (plain http on a network address) says how to copy, the link selected for it.
    await lead.evaluate(() => Object.defineProperty((globalThis as unknown as { navigator: object }).navigator, 'clipboard', { value: undefined, configurable: true }));
    await invite.getByRole('button', { name: 'Copy link' }).click();
    await expect(invite.getByTestId('copy-manually')).toContainText('the link is selected, press Ctrl+C');
    expect(await invite.getByTestId('invite-link').evaluate((input) => {
      // The page's own types (this file is type-checked without the DOM library).
      const field = input as unknown as { selectionStart: number; selectionEnd: number };
      return field.selectionEnd - field.selectionStart;
    })).toBe(adaLink.length);
    // An adjudicator's link opens the disagreements to settle.
    expect(adaLink).toMatch(new RegExp(`^${team.baseUrl}#invite=[0-9a-f]{64}&route=/adjudication$`));
    await invite.getByRole('button', { name: 'Done' }).click();
    await expect(lead.getByRole('alert').filter({ hasText: 'Added “ada” as adjudicator.' })).toBeVisible();
    // Each invite shows its number, as accord invite list and revoke name it (lea's is 1, ada's 2).
    await expect(lead.getByTestId('invite-row').filter({ hasText: 'ada' })).toContainText('#2');
    const personRow = (name: string) => lead.getByTestId('person-row').filter({ has: lead.getByRole('cell', { name, exact: true }) });
    await expect(personRow('ada').getByRole('combobox')).toHaveText('Adjudicator');
    // A name that is someone already is refused before it is sent.
    await lead.getByRole('button', { name: 'Add person…' }).click();
    await add.getByLabel('Name').fill('ben');
    await expect(add).toContainText('“ben” is already here: change their role in the table');
    await expect(add.getByRole('button', { name: 'Add person' })).toBeDisabled();
    await add.getByRole('button', { name: 'Cancel' }).click();

    // A role changes in the table (read on each request, so it holds from the person's next action).
    await personRow('ben').getByRole('combobox').click();
    await lead.getByRole('option', { name: 'Adjudicator' }).click();
    await expect(lead.getByRole('alert').filter({ hasText: '“ben” is now adjudicator (was annotator).' })).toBeVisible();
    expect((await callApi<{ name: string; role: string }[]>(app, 'annotators.list')).find((p) => p.name === 'ben')?.role).toBe('adjudicator');
    // Her own role is not hers to change here (a lead demoting herself would lock herself out).
    const me = personRow('lea you');
    await expect(me).toContainText('Lead');
    await expect(me.getByRole('combobox')).toHaveCount(0);
    // "1 browser signed in" stays on one line beside its chip, also at a laptop's width.
    await lead.setViewportSize({ width: 1280, height: 720 });
    const sessions = lead.getByTestId('invite-sessions').first();
    await expect(sessions).toHaveText('1 browser signed in');
    expect((await sessions.boundingBox())!.height).toBeLessThan(24);
    await lead.setViewportSize({ width: 1440, height: 900 });
    await screenshot(lead, 'team-people-roles');

    // ada, through her link: the queue, its gold counted in words that agree with the number.
    const ada = await openInvite(browser, adaLink, { width: 1280, height: 720 });
    await expect(ada.getByTestId('identity-button')).toContainText('Adjudicator');
    await expect(ada.getByRole('heading', { name: 'Adjudication' })).toBeVisible();
    await ada.goto(`${team.baseUrl}#/adjudication/${taskId}`);
    await expect(ada.getByTestId('queue-summary')).toHaveText('1 item to settle · 1 gold label so far');
    // Two raters who differ: no majority for either to be off.
    await expect(ada.getByTestId('entry-disagreement')).toHaveText('1 questionthe 2 raters differdispute 0.33');
    await screenshot(ada, 'team-ada-queue');

    // People is a lead's: on a team server she is told to ask one, with no "Switch person" that cannot help.
    await ada.goto(`${team.baseUrl}#/people`);
    await expect(ada.getByTestId('lead-gate')).toContainText('Managing people is for a lead; you are ada (adjudicator). On this team server your invite says who you are: ask a lead');
    await expect(ada.getByRole('button', { name: 'Switch person' })).toHaveCount(0);

    // Her judge run dialog: no extra headers on a team server, and it says why.
    await ada.goto(`${team.baseUrl}#/judges`);
    const judges = new JudgesPage(ada);
    await judges.select('Plan quality (reference-based)');
    const dialog = await judges.openRunDialog();
    await expect(dialog.dialog.getByTestId('team-no-headers')).toContainText('cannot be sent from a team server');
    await expect(dialog.dialog.getByRole('button', { name: 'Add header' })).toHaveCount(0);
    // Pictured once its fade-in has ended.
    await expect(ada.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await screenshot(ada, 'team-ada-run-dialog');
  });
});
