import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { callApi, importFiles } from './api';
import { FIXTURES, type AppFixture } from './fixtures';
import { AppShell } from './pages/AppShell';
import { WhoAreYou } from './pages/WhoAreYou';

/** Writes the first `count` records of the demo plans to `<name>.jsonl` in a temporary folder; returns its path. */
export function writeReviewPlans(count = 3, name = 'review-plans'): string {
  const lines = fs.readFileSync(path.join(FIXTURES, 'plans.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, count);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-plans-'));
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Writes the first `count` records of the demo plans to a file of their own and imports it as `dataset`. */
export async function importReviewPlans(app: AppFixture, count = 3, dataset = 'review-plans'): Promise<string> {
  const file = writeReviewPlans(count, dataset);
  await importFiles(app, [file], { dataset });
  return file;
}

/** A schema made of presets' questions, as the editor's "Questions of a preset" composes it. */
export async function composedSchema(app: AppFixture, id: string, presets: string[]): Promise<unknown> {
  const all = await callApi<{ name: string; schema: { kinds: string[]; questions: unknown[] } }[]>(app, 'schemas.presets');
  const chosen = presets.map((name) => all.find((p) => p.name === name)!.schema);
  return { id, title: id, kinds: [...new Set(chosen.flatMap((s) => s.kinds))], questions: chosen.flatMap((s) => s.questions) };
}

/** Creates a task through the API; returns its id. */
export async function createTask(app: AppFixture, args: Record<string, unknown>): Promise<number> {
  const task = await callApi<{ id: number }>(app, 'tasks.create', { seed: 7, ...args });
  return task.id;
}

const ERRORS = new WeakMap<Page, string[]>();

/** Uncaught errors of a page opened with {@link openAs} (the fixture watches only its own page). */
export function pageErrors(page: Page): string[] {
  return ERRORS.get(page) ?? [];
}

/**
 * A page of its own (a fresh browser context: its own localStorage, so its own "who are
 * you"), logged in to the app and signed in as `name`, at `hash`.
 */
export async function openAs(
  browser: Browser,
  app: AppFixture,
  name: string,
  role: 'Annotator' | 'Adjudicator' | 'Lead',
  hash = '#/tasks',
  viewport: { width: number; height: number } = { width: 1440, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  ERRORS.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  await new AppShell(page).open(app.url, hash);
  await new WhoAreYou(page).signIn(name, role);
  return page;
}
