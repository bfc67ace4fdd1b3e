import path from 'node:path';
import { callApi, itemIdOf } from './api';
import { createTask, importReviewPlans } from './annotation';
import { expect, screenshot, test } from './fixtures';
import { LabelingScreen } from './pages/LabelingScreen';
import { startBrowserMode } from '../electron/transports/http/server';

// Team mode (accord serve --team, issue 16 part 2) through the UI: the lead invites ana from the
// People screen (the link shown once, with Copy); ana opens her link in a browser of her own and
// labels blind (nothing of ben shows); the lead revokes the invite and ana's next action is
// refused, the page saying why.

const STATIC_DIR = process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined;
const SIZE = { width: 1400, height: 900 };

test('the lead invites ana, ana labels blind through her link, the lead revokes and ana is refused', async ({ app, browser }) => {
  test.setTimeout(120_000);
  // Set up through the single-user server: plans, a blind task for ana and ben, ben's label submitted.
  await importReviewPlans(app, 3);
  const taskId = await createTask(app, { name: 'blind review', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  const pq1 = await itemIdOf(app, 'pq-001');
  await callApi(app, 'labels.save', { task: taskId, itemId: pq1, question: 'overall_quality', value: 'Good', rationale: 'uses the right table' }, 'ben');
  await callApi(app, 'labels.submit', { task: taskId, itemId: pq1 }, 'ben');

  // The team server on the same workspace; the lead's own invite made at the command line (here, the API).
  const team = await startBrowserMode({ workspacePath: app.workspacePath, port: 0, staticDir: STATIC_DIR, team: {} });
  try {
    const leadInvite = await callApi<{ token: string }>(app, 'invites.create', { person: 'lea', urlBase: team.baseUrl });
    const lead = await (await browser.newContext({ viewport: SIZE })).newPage();
    await lead.goto(`${team.baseUrl}#invite=${leadInvite.token}&route=/people`);
    await expect(lead.getByTestId('identity-button')).toContainText('lea');
    // The token left the address bar at once.
    expect(lead.url()).not.toContain(leadInvite.token);

    // People → Invite… on ana → the link, shown once.
    await lead.getByTestId('person-row').filter({ hasText: 'ana' }).getByRole('button', { name: 'Invite…' }).click();
    const dialog = lead.getByRole('dialog', { name: 'Invite ana' });
    await dialog.getByRole('button', { name: 'Create invite link' }).click();
    const linkBox = dialog.getByTestId('invite-link');
    // ana is an annotator: her link opens her tasks.
    await expect(linkBox).toHaveValue(new RegExp(`^${team.baseUrl}#invite=[0-9a-f]{64}&route=/tasks$`));
    await expect(dialog).toContainText('This link is shown only now');
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await screenshot(lead, 'team-invite-dialog');
    const anaLink = await linkBox.inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const anaRow = lead.getByTestId('invite-row').filter({ hasText: 'ana' });
    await expect(anaRow).toContainText('Active');

    // ana, in a browser of her own, opens her link: signed in as herself, no "Who are you?".
    const ana = await (await browser.newContext({ viewport: SIZE })).newPage();
    await ana.goto(anaLink);
    await expect(ana.getByTestId('identity-button')).toContainText('ana');
    await expect(ana.getByTestId('identity-button')).toContainText('Annotator');
    expect(ana.url()).not.toContain('invite=');
    await expect(ana.getByRole('heading', { name: 'Tasks' })).toBeVisible();
    await expect(ana.getByText('blind review').first()).toBeVisible();
    await ana.mouse.move(700, 26);
    await screenshot(ana, 'team-ana-first-screen');

    // She labels blind: ben's answer and rationale stay hidden.
    await ana.goto(`${team.baseUrl}#/tasks/${taskId}/label/${pq1}`);
    const screen = new LabelingScreen(ana);
    await screen.currentItem();
    await expect(screen.blindNotice).toContainText('1 other rater’s labels stay hidden');
    await expect(screen.othersAnswers).toHaveCount(0);
    await expect(ana.getByTestId('question-card').first()).not.toContainText(/ben|uses the right table/);
    await screen.keys('4');
    await screen.saved();
    await screenshot(ana, 'team-ana-labeling-blind');
    // The server, not the page, is what keeps her blind: agreement (every rater's labels) is refused to her.
    const refused = await ana.evaluate(async () => {
      const response = await fetch('api/call/agreement.summary', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"task":"blind review"}' });
      return ((await response.json()) as { error?: { message: string } }).error?.message ?? 'allowed';
    });
    expect(refused).toContain('agreement.summary is for adjudicators and leads');
    // Nor can she claim to be the lead.
    const claimed = await ana.evaluate(async () => {
      const response = await fetch('api/call/invites.list', { method: 'POST', headers: { 'content-type': 'application/json', 'x-accord-as': 'lea' }, body: '{}' });
      return response.status;
    });
    expect(claimed).toBe(403);

    // The lead revokes ana's invite, told what she loses.
    await lead.reload();
    await expect(anaRow).toContainText('1 browser signed in');
    await anaRow.getByRole('button', { name: 'Revoke…' }).click();
    const confirm = lead.getByRole('dialog', { name: 'Revoke ana’s invite?' });
    await expect(confirm).toContainText('ana loses access to this team server at once');
    await expect(confirm).toContainText('the 1 browser signed in with it is signed out');
    await expect(confirm).toContainText('Their labels, submissions and gold decisions stay');
    await screenshot(lead, 'team-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke invite' }).click();
    await expect(lead.getByRole('alert').filter({ hasText: 'Revoked ana’s invite: 1 browser signed out' })).toBeVisible();
    await expect(anaRow).toContainText('Revoked');
    // A revoked invite's row ("revoked <date>") still fits the page at a laptop's width: the invites table does not run past its frame.
    await lead.setViewportSize({ width: 1280, height: 720 });
    const invites = lead.getByRole('table', { name: 'Invites' });
    await expect.poll(() => invites.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);

    // ana's next action is refused, and the page says why.
    await screen.keys('5');
    await expect(ana.getByTestId('team-signed-out')).toContainText('Your invite (ana) was revoked by lea');
    await screenshot(ana, 'team-ana-revoked');
  } finally {
    await team.close();
  }
});

test('an answer the server refused because her invite was revoked meanwhile is shown to her, not lost', async ({ app, browser }) => {
  await importReviewPlans(app, 1);
  const taskId = await createTask(app, { name: 'review', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana'] });
  const pq1 = await itemIdOf(app, 'pq-001');
  const team = await startBrowserMode({ workspacePath: app.workspacePath, port: 0, staticDir: STATIC_DIR, team: {} });
  try {
    const invite = await callApi<{ token: string; invite: { id: number } }>(app, 'invites.create', { person: 'ana', urlBase: team.baseUrl });
    const ana = await (await browser.newContext({ viewport: SIZE })).newPage();
    // Her page hears no live updates (a flaky network, say), so the first it learns of the revoke is the refusal of her answer.
    await ana.route('**/api/events', (route) => route.abort());
    await ana.goto(`${team.baseUrl}#invite=${invite.token}&route=/tasks/${taskId}/label/${pq1}`);
    const screen = new LabelingScreen(ana);
    await screen.currentItem();
    await callApi(app, 'invites.revoke', { id: invite.invite.id });
    await screen.keys('4');
    await expect(ana.getByTestId('team-signed-out')).toContainText('Your invite (ana) was revoked');
    await expect(ana.getByTestId('team-unsaved')).toContainText(`This answer was not saved; give it again once you are back in:item ${pq1}, question “overall_quality”: `);
    await screenshot(ana, 'team-ana-revoked-unsaved');
  } finally {
    await team.close();
  }
});
