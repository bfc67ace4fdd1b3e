import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceContext } from '../services/context';
import { dispatch } from '../services/dispatch';
import { importFiles } from '../services/import/importFiles';
import type { RunJudgeArgs } from '../services/judges/runJudge';
import type { FakeRequest } from './fakeOpenAiServer';

/** The 7-point levels, lowest first. */
export const LEVELS = ['Extremely Bad', 'Very Bad', 'Bad', 'Acceptable', 'Good', 'Very Good', 'Extremely Good'];

/** The id of generated plan `n` (1-based): `q-0001`. */
export const planId = (n: number) => `q-${String(n).padStart(4, '0')}`;

/**
 * `count` plan records (plans.jsonl shape). Each query carries its id in brackets so the
 * fake server can answer per item, and a planner model cycling through `llms`.
 */
export function plansJsonl(count: number, llms: readonly string[] = ['planner-a', 'planner-b', 'planner-c']): string {
  const lines: string[] = [];
  for (let n = 1; n <= count; n++) {
    const id = planId(n);
    const plan = {
      '1': { query: `T2S([], 'Fetch call ids about topic ${n} last week')`, depends_on: [] },
      '2': { query: `RAG((1), 'Why did customers call about topic ${n}?')`, depends_on: [1] },
    };
    lines.push(JSON.stringify({ query_id: id, query: `Why did customers call about topic ${n} last week? [${id}]`, llm: llms[(n - 1) % llms.length], plan, best_plan: plan }));
  }
  return `${lines.join('\n')}\n`;
}

/** The item id marker in a prompt (`[q-0007]`), or null. */
export function itemMarker(request: FakeRequest): string | null {
  return /\[(q-\d{4})\]/.exec(request.prompt)?.[1] ?? null;
}

/** A deterministic plan-quality answer for item `n`: level (n mod 7), with a rationale naming the item. */
export function planQualityAnswer(id: string): { rationale: string; overall_quality: string } {
  const n = Number(id.slice(2));
  return { rationale: `Judged ${id}.`, overall_quality: LEVELS[n % LEVELS.length] };
}

/** A fake-server responder answering the plan-quality judge per item. */
export const answerPlanQuality = (request: FakeRequest) => planQualityAnswer(itemMarker(request) ?? 'q-0000');

/**
 * Imports `count` generated plans into a workspace and creates a plan-quality task over them
 * (through the real import and `tasks.create`), with the given annotators.
 *
 * @returns the task name and the item ids in id order.
 */
export async function seedPlanTask(ctx: ServiceContext, count: number, options: { task?: string; annotators?: string[]; preset?: string } = {}): Promise<{ task: string; itemIds: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-judge-fixture-'));
  try {
    const file = path.join(dir, 'plans.jsonl');
    fs.writeFileSync(file, plansJsonl(count));
    const report = await importFiles(ctx, [{ path: file, displayName: 'plans.jsonl' }], { dataset: 'plans' });
    if (report.files[0].status === 'rejected') throw new Error(`fixture import failed: ${JSON.stringify(report.files[0].errors)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const task = options.task ?? 'judged';
  const created = await dispatch(ctx, 'tasks.create', { name: task, schema: { preset: options.preset ?? 'plan-quality' }, datasets: ['plans'], annotators: options.annotators ?? [], seed: 1 }, { owner: true });
  if (!created.ok) throw new Error(`fixture task failed: ${created.error.message}`);
  const itemIds = ctx.sql.all(sql<{ item_id: number }>`SELECT item_id FROM task_items t JOIN tasks k ON k.id = t.task_id WHERE k.name = ${task} ORDER BY item_id`).map((r) => r.item_id);
  return { task, itemIds };
}

/**
 * Arguments for a plan-quality run of the task `judged` (see {@link seedPlanTask}) against a fake
 * endpoint: one request at a time, three attempts, no prices. Tests override what they are about.
 */
export function planQualityRunArgs(baseUrl: string, over: Partial<RunJudgeArgs> = {}): RunJudgeArgs {
  return {
    task: 'judged',
    judge: { preset: 'plan-quality' },
    baseUrl,
    model: 'fake-model',
    headers: {},
    concurrency: 1,
    timeoutMs: 2000,
    maxAttempts: 3,
    noCache: false,
    prices: {},
    ...over,
  };
}

/** Short retry delays keep the suites fast; Retry-After is still honoured as sent. */
export const FAST_RETRIES = { retry: { baseDelayMs: 10, maxDelayMs: 50 } };
