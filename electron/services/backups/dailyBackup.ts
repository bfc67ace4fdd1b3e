import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../../db/workspace';
import { planDailyBackup } from './backupPlan';
import { writeSnapshot } from './snapshot';

export interface DailyBackupResult {
  /** The backup written by this run, or null when today's already existed. */
  created: string | null;
  /** Older backups deleted by the rotation. */
  removed: string[];
}

/**
 * Takes today's backup of the open workspace (a snapshot through SQLite's backup API, see
 * snapshot.ts) unless it exists, then deletes the oldest so that `keep` remain. When the
 * snapshot fails nothing is deleted.
 */
export async function runDailyBackup(db: Db, folder: string, keep: number, now = new Date()): Promise<DailyBackupResult> {
  fs.mkdirSync(folder, { recursive: true });
  const plan = planDailyBackup(fs.readdirSync(folder), now, keep);
  let created: string | null = null;
  if (plan.due) {
    created = path.join(folder, plan.fileName);
    await writeSnapshot(db, created);
  }
  const removed: string[] = [];
  for (const name of plan.remove) {
    fs.rmSync(path.join(folder, name), { force: true });
    removed.push(path.join(folder, name));
  }
  return { created, removed };
}
