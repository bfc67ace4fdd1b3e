import { callApi } from './api';
import { composedSchema, createTask, importReviewPlans, openAs, pageErrors } from './annotation';
import { expect, test } from './fixtures';
import { LabelingScreen } from './pages/LabelingScreen';
import { TasksPage } from './pages/TasksPage';

/** Level key and per-step tag keys each annotator gives every item; they differ so a mix-up would show. */
const PLAN: Record<string, { level: string; value: string; tags: string[][]; values: string[][] }> = {
  ana: {
    level: '6',
    value: 'Very Good',
    tags: [['t', 'c'], ['n'], ['r'], ['p'], ['m'], ['n']],
    values: [['incorrect_tool', 'complex_prompt'], ['no_change'], ['repeated_detail'], ['incorrect_prompt'], ['multi_tool_prompt'], ['no_change']],
  },
  ben: {
    level: '2',
    value: 'Very Bad',
    tags: [['p'], ['m', 't'], ['n'], ['c'], ['r', 'p'], ['t']],
    values: [['incorrect_prompt'], ['incorrect_tool', 'multi_tool_prompt'], ['no_change'], ['complex_prompt'], ['incorrect_prompt', 'repeated_detail'], ['incorrect_tool']],
  },
};

/** Labels and submits every item of the queue as fast as the keyboard goes, without waiting for saves in between. */
async function labelQueue(screen: LabelingScreen, who: 'ana' | 'ben', items: number): Promise<string[]> {
  const seen: string[] = [];
  for (let n = 0; n < items; n++) {
    const item = await screen.currentItem();
    seen.push(item);
    const steps = await screen.units.count();
    await screen.keys(PLAN[who].level);
    for (let s = 0; s < steps; s++) {
      if (s > 0) await screen.keys(']');
      await screen.keys(...PLAN[who].tags[s]);
    }
    await screen.submit();
  }
  return seen;
}

test('two annotators labeling one task at once in two windows lose nothing', async ({ app, browser }) => {
  test.setTimeout(240_000);
  await importReviewPlans(app, 6);
  // pq-001…pq-006: the steps of each plan, from the fixture.
  await createTask(app, { name: 'together', schema: { json: await composedSchema(app, 'plan-review', ['plan-quality', 'plan-step-tags']) }, datasets: ['review-plans'], annotators: ['ana', 'ben'] });
  const anaPage = await openAs(browser, app, 'ana', 'Annotator');
  const benPage = await openAs(browser, app, 'ben', 'Annotator');
  await Promise.all([new TasksPage(anaPage).label('together'), new TasksPage(benPage).label('together')]);

  // Both windows type at the same time; each save is committed before the next one leaves.
  const [anaItems, benItems] = await Promise.all([labelQueue(new LabelingScreen(anaPage), 'ana', 6), labelQueue(new LabelingScreen(benPage), 'ben', 6)]);
  expect(new Set(anaItems).size).toBe(6);
  expect(new Set(benItems).size).toBe(6);
  await expect(new LabelingScreen(anaPage).done).toBeVisible();
  await expect(new LabelingScreen(benPage).done).toBeVisible();

  // Every answer is in the workspace, under the right annotator, item, step and value.
  const exported = await callApi<{ content: string }>(app, 'labels.export', { task: 'together', format: 'jsonl' });
  const labels = exported.content
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { item: string; unit: string; question: string; rater: string; value: unknown });
  const items = await callApi<{ rows: { id: number; externalId: string }[] }>(app, 'items.list', { kind: 'plan' });
  let expected = 0;
  for (const who of ['ana', 'ben'] as const) {
    for (const row of items.rows) {
      const detail = await callApi<{ payload: { plan: { steps: { id: string }[] } } }>(app, 'items.get', { id: row.id });
      const stepIds = [...new Set(detail.payload.plan.steps.map((s) => s.id))];
      const mine = labels.filter((l) => l.rater === who && l.item === row.externalId);
      expect(mine.find((l) => l.question === 'overall_quality')?.value, `${who} ${row.externalId}`).toBe(PLAN[who].value);
      stepIds.forEach((id, s) => expect(mine.find((l) => l.question === 'step_tags' && l.unit === `step:${id}`)?.value, `${who} ${row.externalId} step ${id}`).toEqual(PLAN[who].values[s]));
      expect(mine).toHaveLength(1 + stepIds.length);
      expected += 1 + stepIds.length;
    }
  }
  expect(labels).toHaveLength(expected);
  const task = await callApi<{ progress: { name: string; submitted: number }[] }>(app, 'tasks.get', { task: 'together' });
  expect(task.progress.map((p) => [p.name, p.submitted])).toEqual([
    ['ana', 6],
    ['ben', 6],
  ]);
  expect([...pageErrors(anaPage), ...pageErrors(benPage)]).toEqual([]);
});
