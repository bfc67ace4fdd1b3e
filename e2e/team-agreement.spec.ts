import path from 'node:path';
import { startBrowserMode } from '../electron/transports/http/server';
import { seedAgreementLoad } from '../electron/testing/agreementLoad';
import { callApi } from './api';
import { expect, screenshot, test } from './fixtures';
import { AgreementDashboard } from './pages/AgreementDashboard';

// Bootstraps from the UI of a team server (issue 16, "stateless servers"): the agreement
// dashboard's summary resamples, so the server queues it as an `agreement` job that its runner
// leases; the page shows the figures the job left, the very ones a request computes itself.

const STATIC_DIR = process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined;

test('the lead opens a task’s agreement on a team server: the bootstrap runs as a job and shows the same figures', async ({ page, app }) => {
  test.setTimeout(120_000);
  await seedAgreementLoad(app.server.ctx, 300);
  const expected = await callApi<{ task: { id: number }; questions: { question: string; headline: { value: number } }[] }>(app, 'agreement.summary', { task: 'load', bootstrap: 1000, seed: 1 });
  const team = await startBrowserMode({ workspacePath: app.workspacePath, port: 0, staticDir: STATIC_DIR, team: { jobs: { leaseMs: 1_500, pollMs: 100 } } });
  try {
    const invite = await callApi<{ token: string }>(app, 'invites.create', { person: 'lea', urlBase: team.baseUrl });
    await page.goto(`${team.baseUrl}#invite=${invite.token}&route=/agreement`);
    await expect(page.getByTestId('identity-button')).toContainText('lea');
    const dashboard = new AgreementDashboard(page);
    await dashboard.openTask('load');
    for (const { question, headline } of expected.questions) await expect(dashboard.headline(question)).toHaveText(headline.value.toFixed(3).replace('-', '−'));
    await expect(dashboard.pageSummary).toContainText('all 300 items · raters ana, ben, cy');
    await screenshot(page, 'team-agreement-summary');
    // The figures came from a job the team server's runner ran, not from the request.
    const db = team.ctx.sql;
    const jobs = db.all(db.q.selectFrom('jobs').select(['kind', 'state', 'created_by']));
    expect(jobs).toContainEqual({ kind: 'agreement', state: 'done', created_by: 'lea' });
  } finally {
    await team.close();
  }
});
