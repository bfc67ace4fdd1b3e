import path from 'node:path';
import { copyWorkspace } from '../db/copy/workspaceCopy';
import { startPostgres, type TestPostgres } from '../electron/testing/postgres';
import { startBrowserMode, type BrowserModeServer } from '../electron/transports/http/server';
import { callApi } from './api';
import { createTask, importReviewPlans } from './annotation';
import { expect, screenshot, test } from './fixtures';
import { LabelingScreen } from './pages/LabelingScreen';
import { TasksPage } from './pages/TasksPage';

// README's "Run a team server", in the browser, on PostgreSQL (issue 16): a local workspace is
// copied up to an empty database, two team servers serve it, and each person works through the
// server their link names. The lead (on the first server) adds the adjudicator with her role and
// invites her; the annotator labels blind on the second server while the lead's task list, on
// the first, follows her progress live; the adjudicator's link opens Adjudication.

const STATIC_DIR = process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined;

test.describe('a team on PostgreSQL, two servers', () => {
  let cluster: TestPostgres | undefined;
  const servers: BrowserModeServer[] = [];
  test.afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    cluster?.stop();
  });

  test('the lead adds and invites the adjudicator on one server; the annotator labels blind on the other, her progress live on the lead’s', async ({ app, browser }) => {
    test.setTimeout(180_000);
    // The local workspace: a blind task for ana and ben, and the invites of lea and ana (made before the copy, as the CLI would after it).
    await importReviewPlans(app, 3);
    const taskId = await createTask(app, { name: 'blind review', schema: { preset: 'plan-quality' }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
    await callApi(app, 'labels.save', { task: taskId, itemId: (await callApi<{ rows: { id: number }[] }>(app, 'items.list', { search: 'pq-001' })).rows[0].id, question: 'overall_quality', value: 'Bad', rationale: 'ben’s reason' }, 'ben');
    const leaToken = (await callApi<{ token: string }>(app, 'invites.create', { person: 'lea' })).token;
    const anaToken = (await callApi<{ token: string }>(app, 'invites.create', { person: 'ana' })).token;

    // Up to an empty database, served by two servers.
    cluster = await startPostgres();
    const url = await cluster.createDatabase('accord_team');
    await copyWorkspace(app.workspacePath, url);
    for (let i = 0; i < 2; i++) servers.push(await startBrowserMode({ workspacePath: url, port: 0, staticDir: STATIC_DIR, team: { jobs: { leaseMs: 1_500, pollMs: 100 } } }));
    const [first, second] = servers;

    const lead = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await lead.goto(`${first.baseUrl}#invite=${leaToken}&route=/people`);
    await expect(lead.getByTestId('identity-button')).toContainText('Lead');
    await lead.getByRole('button', { name: 'Add person…' }).click();
    const add = lead.getByRole('dialog', { name: 'Add a person' });
    await add.getByLabel('Name').fill('ada');
    await add.getByLabel('Role').click();
    await lead.getByRole('option', { name: 'Adjudicator' }).click();
    await add.getByRole('button', { name: 'Add person' }).click();
    const invite = lead.getByRole('dialog', { name: 'Invite ada' });
    await invite.getByRole('button', { name: 'Create invite link' }).click();
    const adaLink = await invite.getByTestId('invite-link').inputValue();
    expect(adaLink).toMatch(new RegExp(`^${first.baseUrl}#invite=[0-9a-f]{64}&route=/adjudication$`));
    await invite.getByRole('button', { name: 'Done' }).click();
    await lead.goto(`${first.baseUrl}#/tasks`);
    const tasks = new TasksPage(lead);
    await expect(tasks.row('blind review').getByLabel('ana: 0 of 3 submitted')).toBeVisible();

    // ana, on the second server: blind (ben's answer and reason stay hidden); her submission reaches the lead's page on the first.
    const ana = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await ana.goto(`${second.baseUrl}#invite=${anaToken}&route=/tasks`);
    await expect(ana.getByTestId('identity-button')).toContainText('ana');
    await new TasksPage(ana).label('blind review');
    const screen = new LabelingScreen(ana);
    await screen.currentItem();
    await expect(ana.getByTestId('question-card').first()).not.toContainText(/ben|ben’s reason/);
    await screen.keys('4');
    await screen.saved();
    await screenshot(ana, 'team-postgres-ana-labeling');
    await screen.submit();
    await expect(tasks.row('blind review').getByLabel('ana: 1 of 3 submitted')).toBeVisible();
    await screenshot(lead, 'team-postgres-lead-tasks');

    // ada's link (made on the first server) works on the second too: sessions live in the database.
    const ada = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await ada.goto(adaLink.replace(first.baseUrl, second.baseUrl));
    await expect(ada.getByTestId('identity-button')).toContainText('Adjudicator');
    await expect(ada.getByRole('heading', { name: 'Adjudication' })).toBeVisible();
    await screenshot(ada, 'team-postgres-ada-first-screen');
  });
});
