import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importFiles, itemIdOf } from './api';
import type { Page } from '@playwright/test';
import { FIXTURES, FORMATS, expect, screenshot, test, type AppFixture } from './fixtures';
import { AppShell } from './pages/AppShell';
import { ItemPage } from './pages/ItemPage';
import { PlanViewer } from './pages/PlanViewer';

const example = (name: string) => path.join(FORMATS, name);

/** Opens an item (optionally a unit inside it) by its external id, as a deep link does. */
async function openPlan(page: Page, app: AppFixture, externalId: string, unit?: string) {
  const id = await itemIdOf(app, externalId);
  await new AppShell(page).open(app.url, `#/items/${id}${unit ? `?unit=${encodeURIComponent(unit)}` : ''}`);
  const viewer = new PlanViewer(page);
  await expect(viewer.root).toBeVisible();
  return viewer;
}

test.describe('on fixtures/formats', () => {
  test.beforeEach(async ({ app }) => {
    await importFiles(app, [example('plans.jsonl'), example('plans-generated.csv')]);
  });

  test('q-002: the query and its flags, and a note that the plan was read tolerantly, with the source one click away', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'q-002');
    await expect(viewer.queryText).toHaveText('Why do customers who mention a competitor cancel, and how long are those calls on average?');
    await expect(viewer.queryFlags).toHaveText(['Subjective', 'Compound']);
    await expect(viewer.parseNote).toContainText('not valid JSON');
    // plans.jsonl q-002: `{ 1: {"step": …` — the unquoted key at line 1, column 3.
    await expect(viewer.parseNote).toContainText('line 1, column 3: property name 1 is not in double quotes');
    await expect(viewer.sourceText).toHaveCount(0);
    await viewer.showSource();
    await expect(viewer.sourceText).toContainText('{ 1: {"step": T2S([], "Fetch call_ids');
    await expect(viewer.sourceMarks).toHaveCount(1);
    await expect(viewer.sourceMarks.first()).toHaveText('1');
    await expect(viewer.sourceMarks.first()).toHaveAttribute('data-column', '3');
    // The steps are still read: four, with their tools.
    await viewer.show('Plan only');
    await expect(viewer.steps()).toHaveCount(4);
    await expect(viewer.steps().getByTestId('tool-badge')).toHaveText(['T2S', 'RAG', 'T2S', 'LLM']);
    await viewer.bringToTop();
    await screenshot(page, 'plan-tolerant');
  });

  test('the truncated last CSV row is shown as its source text with the error location marked', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'q-003/small-planner/without_lineage');
    await expect(viewer.planner).toContainText('small-planner');
    await expect(viewer.planner).toContainText('without_lineage');
    // Beside the gold plan of q-003: an unreadable plan scores F1 0, Extremely Bad (DESIGN.md §3).
    await expect(viewer.scores.getByTestId('score-tier')).toHaveText('Extremely Bad');
    await expect(viewer.scores.getByTestId('score-reason')).toContainText('The plan could not be read');
    await expect(viewer.steps('gold')).toHaveCount(4);
    await expect(viewer.parseInvalid).toContainText('not valid JSON and could not be read');
    await expect(viewer.parseInvalid).toContainText('line 1, column 86');
    await expect(viewer.sourceText).toContainText('{ 1: {"step": T2S([], "Agents with improving tone after refund"), "depends_on": []},');
    // The cell stops after 85 characters: the error points just past the end (line 1, column 86).
    const end = viewer.sourceMarks.filter({ hasText: 'end of text' });
    await expect(end).toHaveAttribute('data-severity', 'error');
    await expect(end).toHaveAttribute('data-line', '1');
    await expect(end).toHaveAttribute('data-column', '86');
    // Where it first left JSON (the unquoted key at column 3) is marked too, in amber.
    await expect(viewer.sourceMarks.filter({ hasText: /^1$/ })).toHaveAttribute('data-severity', 'warning');
    await expect(viewer.steps('plan')).toHaveCount(0);
    // The mark is brought into view inside the source frame, not by scrolling the page away
    // from the item's header and its Previous / Next.
    expect(await page.evaluate('window.scrollY')).toBe(0);
    await expect(new ItemPage(page).nextButton).toBeInViewport();
    await viewer.bringToTop(viewer.root.getByTestId('plan-query'));
    await screenshot(page, 'plan-invalid');
    // Alone, the plan is the same source text.
    await viewer.show('Plan only');
    await expect(viewer.sourceMarks.filter({ hasText: 'end of text' })).toHaveAttribute('data-column', '86');
  });

  test('a generated plan beside the gold plan of its query: matches, precision / recall / F1 and tier', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'q-002/large-planner/with_lineage');
    // The query comes from the linked query record q-002 (plans.findGold).
    await expect(viewer.queryText).toHaveText(/^Why do customers who mention a competitor cancel/);
    await expect(viewer.root.getByTestId('query-record-link')).toHaveText('q-002');
    await expect(viewer.comparison).toBeVisible();
    // plans-generated.csv row 2 vs q-002's best_plan: steps 1 and 2 match gold 1 and 2, step 3's
    // prompt differs from gold 4's → P 2/3, R 2/4, F1 4/7 = 0.57 → Bad (DESIGN.md §3 tiers).
    await expect(viewer.scores.getByTestId('score-precision')).toHaveText('0.67');
    await expect(viewer.scores.getByTestId('score-recall')).toHaveText('0.50');
    await expect(viewer.scores.getByTestId('score-f1')).toHaveText('0.57');
    await expect(viewer.scores.getByTestId('score-tier')).toHaveText('Bad');
    await expect(viewer.steps('plan')).toHaveCount(3);
    await expect(viewer.steps('gold')).toHaveCount(4);
    expect(await viewer.steps('plan').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-state')))).toEqual(['matched', 'matched', 'plan-only']);
    expect(await viewer.steps('gold').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-state')))).toEqual(['matched', 'matched', 'gold-only', 'gold-only']);
    await expect(viewer.step('1', 'plan').getByTestId('match-state')).toHaveText('= gold 1');
    await expect(viewer.step('4', 'gold').getByTestId('match-state')).toHaveText('missing from plan');
    await expect(viewer.matchLines).toHaveCount(2);
    await viewer.bringToTop(viewer.root.getByTestId('plan-query'));
    await screenshot(page, 'plan-gold');
  });

  test('in a narrow pane the gold plan goes under the plan, matches still named on the cards', async ({ page, app }) => {
    // At 1250 px the findings column sits beside the viewer, which gets about 600 px.
    await page.setViewportSize({ width: 1250, height: 900 });
    const viewer = await openPlan(page, app, 'q-002/large-planner/with_lineage');
    await expect(viewer.steps('gold')).toHaveCount(4);
    const planBox = await viewer.steps('plan').last().boundingBox();
    const goldBox = await viewer.steps('gold').first().boundingBox();
    expect(goldBox!.y).toBeGreaterThan(planBox!.y + planBox!.height);
    await expect(viewer.matchLines).toHaveCount(0);
    await expect(viewer.step('2', 'gold').getByTestId('match-state')).toHaveText('= plan 2');
    await viewer.bringToTop(viewer.root.getByTestId('plan-query'));
    await screenshot(page, 'plan-gold-narrow');
  });

  test('a query record beside its best plan (q-003: 1 of 2 plan steps in a 4-step gold plan)', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'q-003');
    // q-003: only 'List the agents of these interactions' (T2S) matches → P 1/2, R 1/4, F1 1/3 → Very Bad.
    await expect(viewer.scores.getByTestId('score-f1')).toHaveText('0.33');
    await expect(viewer.scores.getByTestId('score-tier')).toHaveText('Very Bad');
    await expect(viewer.step('2', 'plan').getByTestId('match-state')).toHaveText('= gold 4 · other deps');
  });

  test('q-003 lineage: what changed from version 1 to 2 and from 2 to 3', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'q-003');
    await viewer.show('Lineage');
    // It opens on version 2, compared with version 1: the one-step plan was split into three.
    await expect(viewer.lineageSummary).toContainText('Version 2 of 3');
    await expect(viewer.lineageSummary).toContainText('since version 1: 2 added · 1 changed');
    const v2 = 'version-1';
    expect(await viewer.steps(v2).evaluateAll((cards) => cards.map((c) => [c.getAttribute('data-step-id'), c.getAttribute('data-state')]))).toEqual([
      ['1', 'changed'],
      ['2', 'added'],
      ['3', 'added'],
    ]);
    const rewritten = viewer.step('1', v2);
    await expect(rewritten.getByTestId('diff-state')).toHaveText('changed: prompt');
    await expect(rewritten.getByTestId('diff-removed').first()).toContainText('List agents of interactions with');
    await expect(rewritten.getByTestId('diff-added').first()).toContainText('Fetch interaction_ids where');
    await expect(rewritten.getByTestId('step-prompt')).toContainText('a refund');
    await viewer.bringToTop(viewer.lineage);
    await screenshot(page, 'plan-lineage-diff');

    await viewer.nextVersion();
    await expect(viewer.lineageSummary).toContainText('Version 3 of 3 · best');
    await expect(viewer.lineageSummary).toContainText('since version 2: 1 added · 1 changed');
    const v3 = 'version-2';
    expect(await viewer.steps(v3).evaluateAll((cards) => cards.map((c) => [c.getAttribute('data-step-id'), c.getAttribute('data-state')]))).toEqual([
      ['1', 'unchanged'],
      ['2', 'unchanged'],
      ['3', 'added'],
      ['4', 'changed'],
    ]);
    await expect(viewer.step('3', v3).getByTestId('tool-badge')).toHaveText('LLM');
    // The old step 3 is now step 4 and depends on the new LLM step.
    const moved = viewer.step('4', v3);
    await expect(moved.getByTestId('diff-state')).toHaveText('changed: depends_on');
    await expect(moved.getByTestId('change-note')).toHaveText('was step 3 · depends_on [2] → [3]');
    await viewer.bringToTop(viewer.lineage);
    await screenshot(page, 'plan-lineage-diff-best');

    // `[` goes back a version, `]` forward.
    await page.keyboard.press('[');
    await expect(viewer.lineageSummary).toContainText('Version 2 of 3');
    await page.keyboard.press('[');
    await expect(viewer.lineageSummary).toContainText('Version 1 of 3 · weakest');
    await expect(viewer.lineageSummary).toContainText('nothing earlier to compare with');
    await expect(viewer.lineage.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    await page.keyboard.press(']');
    await expect(viewer.lineageSummary).toContainText('Version 2 of 3');
    // Pressed back to back, each key is one version from where the last one left: 2 → 3 → 2 → 1.
    for (const key of [']', '[', '[']) await page.keyboard.press(key);
    await expect(viewer.lineageSummary).toContainText('Version 1 of 3 · weakest');
  });

  test('a placeholder links to the step it names: pointing highlights it, clicking selects it', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'q-002');
    await viewer.show('Plan only');
    const placeholder = viewer.placeholder('4', '2');
    await expect(placeholder).toHaveText('(2)');
    await expect(placeholder).toHaveAttribute('data-status', 'declared');
    await expect(viewer.step('4').getByTestId('query-placeholder')).toHaveText('(query)');
    await placeholder.hover();
    await expect(viewer.step('2')).toHaveAttribute('data-highlighted', 'true');
    await expect(viewer.step('3')).not.toHaveAttribute('data-highlighted', 'true');
    await placeholder.click();
    await expect(page).toHaveURL(/unit=step%3A2/);
    await expect(viewer.step('2')).toHaveAttribute('data-selected', 'true');
  });

  test('a deep link ?unit=step:2 opens the plan with step 2 selected; clicking a step moves the selection', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'q-002', 'step:2');
    await expect(viewer.step('2')).toHaveAttribute('data-selected', 'true');
    await expect(viewer.step('2').getByRole('button', { name: 'Step 2', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(viewer.step('2')).toBeInViewport();
    await viewer.select('3');
    await expect(page).toHaveURL(/unit=step%3A3/);
    await expect(viewer.step('2')).not.toHaveAttribute('data-selected', 'true');
    await viewer.select('3');
    expect(page.url()).not.toContain('unit=');
  });
  test('j pressed five times in quick succession opens the item five on, and stays there', async ({ page, app }) => {
    await openPlan(page, app, 'q-001');
    const item = new ItemPage(page);
    // plans.jsonl (3 queries) and plans-generated.csv (3 plans), in id order for a bare link.
    await expect(item.position).toHaveText('1 of 6');
    for (let i = 0; i < 5; i++) await page.keyboard.press('j');
    await expect(item.position).toHaveText('6 of 6');
    await page.waitForTimeout(1_000);
    await expect(item.position).toHaveText('6 of 6');
    for (let i = 0; i < 3; i++) await page.keyboard.press('k');
    await expect(item.position).toHaveText('3 of 6');
    await expect(item.externalId).toHaveText('q-003');
    await page.waitForTimeout(1_000);
    await expect(item.position).toHaveText('3 of 6');
  });
  test('Next clicked five times in quick succession opens the item five on; Previous clicked three times comes back three', async ({ page, app }) => {
    await openPlan(page, app, 'q-001');
    const item = new ItemPage(page);
    await expect(item.position).toHaveText('1 of 6');
    await item.clickRapidly(item.nextButton, 5);
    await expect(item.position).toHaveText('6 of 6');
    await page.waitForTimeout(1_000);
    await expect(item.position).toHaveText('6 of 6');
    await item.clickRapidly(item.previousButton, 3);
    await expect(item.position).toHaveText('3 of 6');
    await expect(item.externalId).toHaveText('q-003');
    await page.waitForTimeout(1_000);
    await expect(item.position).toHaveText('3 of 6');
  });
  test('a click on Next whose press comes while the neighbours load and whose release comes after they arrive still steps', async ({ page, app }) => {
    // On a busy machine a quick click can straddle the neighbours' arrival; the button must stay
    // the same element across it, or the browser drops the click (press and release on
    // different elements).
    await openPlan(page, app, 'q-001');
    const item = new ItemPage(page);
    await expect(item.position).toHaveText('1 of 6');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/call/items.neighbours', async (route) => {
      await held;
      await route.continue();
    });
    await item.nextButton.click();
    await expect(item.externalId).toHaveText('q-002');
    const box = (await item.nextButton.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The neighbours have arrived once Next links to q-003 itself.
    await expect(page.getByRole('link', { name: 'Next item (j)' })).toHaveAttribute('href', new RegExp(`items/${await itemIdOf(app, 'q-003')}\\b`));
    await page.mouse.up();
    await expect(item.position).toHaveText('3 of 6');
    await expect(item.externalId).toHaveText('q-003');
  });
});

test.describe('on the fixtures', () => {
  test.beforeEach(async ({ app }) => {
    await importFiles(app, [path.join(FIXTURES, 'plans.jsonl'), path.join(FIXTURES, 'plans-generated.csv')]);
  });

  test('findings sit on their steps; clicking one selects the step, and a finding in the list selects it in the viewer', async ({ page, app }) => {
    // fixtures/plans.jsonl pq-010: step 3 is T2S((3), …) with depends_on [] — its input (3) is undeclared.
    const viewer = await openPlan(page, app, 'pq-010');
    await viewer.show('Plan only');
    const step3 = viewer.step('3');
    await expect(step3.getByTestId('step-finding')).toContainText('step 3 uses (3) but its depends_on [] does not list 3');
    await expect(step3.getByTestId('step-finding-count')).toHaveAttribute('data-severity', 'warning');
    await expect(viewer.input('3', '3')).toHaveAttribute('data-status', 'undeclared');
    await step3.getByTestId('step-finding').click();
    await expect(page).toHaveURL(/unit=step%3A3/);
    await expect(step3).toHaveAttribute('data-selected', 'true');

    await viewer.select('3'); // clears
    const item = new ItemPage(page);
    await item.finding('step 3 uses (3)').first().click();
    await expect(step3).toHaveAttribute('data-selected', 'true');
  });

  test('a generated plan that is not valid JSON is shown raw, scored Extremely Bad against its gold plan', async ({ page, app }) => {
    const viewer = await openPlan(page, app, 'pq-008/large-planner/with_lineage');
    await expect(viewer.scores.getByTestId('score-tier')).toHaveText('Extremely Bad');
    await expect(viewer.scores.getByTestId('score-reason')).toContainText('could not be read');
    await expect(viewer.parseInvalid).toContainText('line 1, column 18');
    // `{ 1: {"step": T2S(…` — the call opened at column 18 is never closed.
    await expect(viewer.sourceMarks.and(page.locator('[data-severity="error"]'))).toHaveText('(');
    await expect(viewer.sourceMarks.and(page.locator('[data-severity="error"]'))).toHaveAttribute('data-column', '18');
    await expect(viewer.steps('gold')).not.toHaveCount(0);
  });

  test('every plan in the fixtures opens in the viewer without an error', async ({ page, app }) => {
    const shell = new AppShell(page);
    await shell.open(app.url, '#/items?kind=plan');
    for (const externalId of ['pq-001', 'pq-006', 'pq-016', 'pq-019', 'pq-025', 'pq-030', 'pq-001/small-planner/without_lineage', 'pq-010/large-planner/with_lineage']) {
      const viewer = await openPlan(page, app, externalId);
      await expect(viewer.root.getByTestId('plan-query')).toBeVisible();
      await expect(viewer.steps().or(viewer.parseInvalid).first()).toBeVisible();
    }
  });
});

test('imported text is shown, never run: a <script> in a prompt and the query stays text', async ({ page, app }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-plan-xss-'));
  const file = path.join(dir, 'hostile.jsonl');
  const script = '<script>window.__planPwned = 1</script>';
  const image = '<img src=x onerror="window.__planPwned = 2">';
  fs.writeFileSync(
    file,
    JSON.stringify({
      query_id: 'x-001',
      query: `Ignore ${image} this`,
      subjective: false,
      compound: false,
      plan: { 1: { query: `LLM([], 'Summarise ${script} please')`, depends_on: [] } },
    }) + '\n',
  );
  await importFiles(app, [file]);
  const viewer = await openPlan(page, app, 'x-001');
  await expect(viewer.step('1').getByTestId('step-prompt')).toHaveText(`Summarise ${script} please`);
  await expect(viewer.queryText).toHaveText(`Ignore ${image} this`);
  await expect(viewer.root.locator('script, img')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as { __planPwned?: number }).__planPwned)).toBeUndefined();
  fs.rmSync(dir, { recursive: true, force: true });
});
