import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../../db/workspace';
import { planDailyBackup } from './backupPlan';

export interface DailyBackupResult {
  /** The backup written by this run, or null when today's already existed. */
  created: string | null;
  /** Older backups deleted by the rotation. */
  removed: string[];
}

/**
 * Takes today's backup of the open workspace with SQLite's online backup API (a consistent
 * snapshot while the app keeps working; `db.backup` copies in steps between other calls),
 * then deletes the oldest so that `keep` remain. The copy is written under a temporary name
 * and renamed, so an interrupted run never leaves something that looks like a good backup.
 */
export async function runDailyBackup(db: Db, folder: string, keep: number, now = new Date()): Promise<DailyBackupResult> {
  fs.mkdirSync(folder, { recursive: true });
  const plan = planDailyBackup(fs.readdirSync(folder), now, keep);
  let created: string | null = null;
  if (plan.due) {
    const target = path.join(folder, plan.fileName);
    const temporary = `${target}.partial`;
    fs.rmSync(temporary, { force: true });
    await db.backup(temporary);
    fs.renameSync(temporary, target);
    created = target;
  }
  const removed: string[] = [];
  for (const name of plan.remove) {
    fs.rmSync(path.join(folder, name), { force: true });
    removed.push(path.join(folder, name));
  }
  return { created, removed };
}
