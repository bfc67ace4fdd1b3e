import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// dispatch (and the API contract) load before the import pipeline, which the contract's files import from.
import { dispatch } from '../services/dispatch';
import type { ServiceContext } from '../services/context';
import { importFiles } from '../services/import/importFiles';
import { LABELS_CSV_SCHEMA } from './annotationWorkspace';
import { planId, plansJsonl } from './judgeFixtures';

const LEVELS = (LABELS_CSV_SCHEMA.questions as { id: string; levels?: string[] }[]).find((q) => q.id === 'overall_quality')!.levels!;
export const LOAD_RATERS = ['ana', 'ben', 'cy'] as const;

/**
 * A task `load` over `count` generated plans (q-0001 …) with the questions of labels.csv's
 * schema (validity, overall_quality), each item labelled by ana, ben and cy, who mostly agree
 * (the values come from the item's number, so every build is the same): a bootstrap over it
 * takes long enough to be caught mid-way. Labels arrive as a labels CSV, as from a spreadsheet.
 */
export async function seedAgreementLoad(ctx: ServiceContext, count: number): Promise<{ task: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-agreement-load-'));
  try {
    const plans = path.join(dir, 'plans.jsonl');
    fs.writeFileSync(plans, plansJsonl(count));
    const report = await importFiles(ctx, [{ path: plans, displayName: 'plans.jsonl' }], { dataset: 'plans' });
    if (report.files[0].status === 'rejected') throw new Error(`fixture import failed: ${JSON.stringify(report.files[0].errors)}`);
    await labelTask(ctx, count, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { task: 'load' };
}

async function labelTask(ctx: ServiceContext, count: number, dir: string): Promise<void> {
  const schema = { ...LABELS_CSV_SCHEMA, id: 'rated-load', questions: (LABELS_CSV_SCHEMA.questions as { id: string }[]).filter((q) => q.id !== 'step_tags') };
  const made = await dispatch(ctx, 'tasks.create', { name: 'load', schema: { json: schema }, datasets: ['plans'], seed: 1 }, { owner: true });
  if (!made.ok) throw new Error(`fixture task failed: ${made.error.message}`);
  const rows = ['item,unit,question,rater,value,rationale'];
  for (let n = 1; n <= count; n++) {
    LOAD_RATERS.forEach((rater, r) => {
      // Each rater strays from the item's level on a different share of items.
      const strays = (n * (r + 3)) % (5 + r) === 0;
      const level = (n % LEVELS.length) + (strays ? 1 : 0);
      rows.push(`${planId(n)},,validity,${rater},${(n + (strays ? 1 : 0)) % 3 === 0 ? 'invalid' : 'valid'},`);
      rows.push(`${planId(n)},,overall_quality,${rater},${LEVELS[Math.min(level, LEVELS.length - 1)]},`);
    });
  }
  const file = path.join(dir, 'labels.csv');
  fs.writeFileSync(file, `${rows.join('\n')}\n`);
  const imported = await dispatch(ctx, 'labels.import', { task: 'load', source: { path: file } }, { owner: true });
  if (!imported.ok) throw new Error(`fixture labels failed: ${imported.error.message}`);
  if ((imported.value as { status: string }).status === 'rejected') throw new Error(`fixture labels rejected: ${JSON.stringify(imported.value)}`);
}
