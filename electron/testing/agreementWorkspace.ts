import fs from 'node:fs';
import path from 'node:path';
import { annotationWorkspace } from './annotationWorkspace';
import { FIXTURES } from './fixtures';

/** One label as a test writes it: item external id, unit key, question, rater, value (as a labels-CSV cell: `;` between tags, `N/A`). */
export type TestLabel = [item: string, unit: string, question: string, rater: string, value: string];

/**
 * A temporary workspace with the demo plans (fixtures/plans.jsonl: pq-001 … pq-030, with
 * `domain` metadata) and a task `t` on them with the given schema; `labels()` imports labels
 * as a labels CSV (every rater's items count as submitted), the way a spreadsheet arrives.
 */
export async function agreementWorkspace(schema: unknown, annotators: string[] = []) {
  const ws = await annotationWorkspace([path.join(FIXTURES, 'plans.jsonl')]);
  await ws.api('tasks.create', { name: 't', schema: { json: schema }, datasets: ['plans'], annotators });
  let files = 0;
  const labels = async (rows: readonly TestLabel[]) => {
    const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    const csv = ['item,unit,question,rater,value,rationale', ...rows.map((r) => [...r, ''].map(quote).join(','))].join('\n');
    const file = path.join(ws.dir, `labels-${++files}.csv`);
    fs.writeFileSync(file, `${csv}\n`);
    const report = await ws.api('labels.import', { task: 't', source: { path: file } });
    if (report.status === 'rejected') throw new Error(report.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    return report;
  };
  /** Imports labels of a judge rater (labels JSONL with `raterKind: judge`). */
  const judgeLabels = async (rater: string, rows: readonly [item: string, question: string, value: string][]) => {
    const file = path.join(ws.dir, `judge-${++files}.jsonl`);
    fs.writeFileSync(file, rows.map(([item, question, value]) => JSON.stringify({ item, question, rater, raterKind: 'judge', value })).join('\n') + '\n');
    const report = await ws.api('labels.import', { task: 't', source: { path: file } });
    if (report.status === 'rejected') throw new Error(report.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    return report;
  };
  return { ...ws, labels, judgeLabels };
}

/** `pq-001` … `pq-030`. */
export const plan = (i: number) => `pq-${String(i).padStart(3, '0')}`;

/**
 * Labels that reproduce a two-rater contingency table: `table[i][j]` items where rater `a`
 * chose `levels[i]` and rater `b` chose `levels[j]`, on consecutive plans from `first`.
 */
export function labelsFromTable(table: readonly (readonly number[])[], levels: readonly string[], question: string, raters: [string, string], first = 1): TestLabel[] {
  const out: TestLabel[] = [];
  let item = first;
  table.forEach((row, i) =>
    row.forEach((n, j) => {
      for (let k = 0; k < n; k++, item++) {
        out.push([plan(item), '', question, raters[0], levels[i]], [plan(item), '', question, raters[1], levels[j]]);
      }
    }),
  );
  return out;
}
