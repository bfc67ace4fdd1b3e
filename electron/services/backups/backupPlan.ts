import { createHash } from 'node:crypto';
import path from 'node:path';

/** A daily backup is named after the local day it was taken: `2025-01-31.accord`. */
const BACKUP_NAME = /^(\d{4})-(\d{2})-(\d{2})\.accord$/;

/** What a backup run should do in a workspace's backup folder. */
export interface BackupPlan {
  /** True when today has no backup yet. */
  due: boolean;
  /** Today's backup file name. */
  fileName: string;
  /** Older backups to delete once today's exists, so that `keep` remain. */
  remove: string[];
}

/** The backup file name for the local calendar day of `date`. */
export function backupFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.accord`;
}

/**
 * Decides the daily backup and its rotation. `existing` is the folder's listing; files that
 * are not named like a backup are never touched (a user may have put something there).
 * After today's backup is written, the newest `keep` backups remain, today's always among them.
 * Throws a RangeError when `keep` is not a whole number ≥ 1 (keeping none would delete today's).
 */
export function planDailyBackup(existing: readonly string[], now: Date, keep: number): BackupPlan {
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`backups to keep must be a whole number ≥ 1, not ${keep}`);
  const fileName = backupFileName(now);
  const backups = existing.filter((name) => BACKUP_NAME.test(name));
  const due = !backups.includes(fileName);
  // ISO-like names sort by date as strings; today's goes first whatever the clock did before.
  const newestFirst = [fileName, ...backups.filter((name) => name !== fileName).sort().reverse()];
  return { due, fileName, remove: newestFirst.slice(keep) };
}

/**
 * The folder a workspace's backups go to: one per workspace file, named after the file and a
 * short hash of its full path, so two `default.accord` in different folders never mix.
 */
export function backupFolderFor(backupsRoot: string, workspacePath: string): string {
  const resolved = path.resolve(workspacePath);
  const stem = path.basename(resolved).replace(/\.accord$/i, '').replace(/[^A-Za-z0-9._-]/g, '_') || 'workspace';
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 8);
  return path.join(backupsRoot, `${stem}-${hash}`);
}
