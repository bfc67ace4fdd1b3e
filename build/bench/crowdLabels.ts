import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorker, run } from './importBench';

const RATERS = 120;
/** SQLite's crash-safe journal modes, as the import bench tries them. */
const JOURNALS = ['wal', 'delete', 'truncate', 'persist'] as const;

interface Run {
  seconds: number;
  cpuSeconds: number;
  rows: number;
  peakMb: number;
}

/**
 * A JUDGE-BENCH release as crowds make them: `items` replies, each scored 1–5 by 120 raters (a
 * rater now and then a level off, every ninth against the grade).
 */
function crowdRelease(file: string, items: number): void {
  const instances = Array.from({ length: items }, (_, i) => {
    const grade = 1 + (i % 5);
    const scores = Array.from({ length: RATERS }, (_, r) => (r % 9 === 0 ? 6 - grade : (i + r) % 7 === 0 ? Math.min(5, grade + 1) : grade));
    return { id: i + 1, instance: `Reply ${i + 1}`, annotations: { helpfulness: { mean_human: 0, individual_human_scores: scores } } };
  });
  fs.writeFileSync(file, JSON.stringify({ dataset: 'Crowd', annotations: [{ metric: 'helpfulness', category: 'graded', prompt: 'Rate the reply 1–5.', worst: 1, best: 5 }], instances }));
}

/**
 * Imports a crowd release (120 raters × 1,000 replies: 120,000 labels, with the task the import
 * makes for them) as the workspace's owner, and compares, in the same run, with the fastest bare
 * loop SQLite allows for every row that import left (prepared statements, one transaction,
 * synchronous=FULL, each crash-safe journal mode tried): how far the label path (checks, events,
 * assignments, submissions, chunks that leave the lock to label saves) is from writing the rows.
 */
export async function benchCrowdLabels(items = Number(process.env.BENCH_CROWD_ITEMS ?? 1000)): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-crowd-'));
  const bundled = await bundleWorker();
  try {
    const file = path.join(dir, 'crowd.json');
    crowdRelease(file, items);
    const accordWorkspace = path.join(dir, 'crowd.accord');
    const accord = run<Run>('crowd', file, accordWorkspace);
    const loops = JOURNALS.map((journal) => ({ journal, ...run<Run>('rows', path.join(dir, `loop-${journal}.accord`), accordWorkspace, journal) }));
    const fastest = loops.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    console.log(`\ncrowd labels: a JUDGE-BENCH release of ${items.toLocaleString('en')} replies × ${RATERS} raters = ${accord.rows.toLocaleString('en')} labels`);
    console.log(`  bare loop of the same ${fastest.rows.toLocaleString('en')} rows (every table, one transaction), by journal mode: ${loops.map((l) => `${l.journal} ${l.seconds.toFixed(2)} s`).join('   ')}`);
    console.log(`  accord import (items, task, assignments, labels, submissions)  ${accord.seconds.toFixed(2)} s   ${Math.round(accord.rows / accord.seconds).toLocaleString('en')} labels/s`);
    console.log(
      `  ratio to the fastest loop (${fastest.journal}) ${(accord.seconds / fastest.seconds).toFixed(2)}×   CPU ${accord.cpuSeconds.toFixed(1)} s against the loop's ${fastest.cpuSeconds.toFixed(1)} s (${(accord.cpuSeconds / fastest.cpuSeconds).toFixed(2)}×)   peak memory ${accord.peakMb.toFixed(0)} MB`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(bundled, { recursive: true, force: true });
  }
}
