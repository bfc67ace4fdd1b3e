import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../../db/workspace';
import { backupFolderFor } from './backupPlan';
import { runDailyBackup, type DailyBackupResult } from './dailyBackup';
import { writeSnapshot } from './snapshot';

/** Daily backups kept per workspace (the desktop's default too). */
export const DAILY_BACKUPS_KEPT = 7;
/** Backups taken before a destructive action, kept per workspace. */
export const SAFETY_BACKUPS_KEPT = 20;
/** Safety backups are named `<UTC stamp>-before-<what>.accord`; daily ones `YYYY-MM-DD.accord`. */
const SAFETY_NAME = /^\d{8}T\d{6}Z-before-[A-Za-z0-9._-]+\.accord$/;

/**
 * A workspace's backups, the same for the desktop app, browser mode and the CLI: a daily
 * snapshot (the newest {@link DAILY_BACKUPS_KEPT} kept) and one before anything that removes
 * human work for good (the newest {@link SAFETY_BACKUPS_KEPT} kept), each a self-contained
 * copy made with SQLite's backup API (snapshot.ts), in one folder per workspace file under
 * `root` (backupFolderFor).
 */
export class WorkspaceBackups {
  readonly folder: string;

  constructor(
    private readonly db: Db,
    root: string,
    workspacePath: string,
  ) {
    this.folder = backupFolderFor(root, workspacePath);
  }

  /** Today's backup unless it exists, then the rotation. */
  daily(now = new Date()): Promise<DailyBackupResult> {
    return runDailyBackup(this.db, this.folder, DAILY_BACKUPS_KEPT, now);
  }

  /**
   * A snapshot taken right before a destructive action (`what`, e.g. "purge dataset plans"),
   * returned so the action can say where its undo lies. Older safety backups beyond the
   * newest {@link SAFETY_BACKUPS_KEPT} are removed; daily backups and other files are never touched.
   */
  async beforeDestructive(what: string, now = new Date()): Promise<string> {
    fs.mkdirSync(this.folder, { recursive: true });
    const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const slug = what.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'action';
    const file = path.join(this.folder, `${stamp}-before-${slug}.accord`);
    await writeSnapshot(this.db, file);
    const safety = fs.readdirSync(this.folder).filter((name) => SAFETY_NAME.test(name)).sort().reverse();
    for (const name of safety.slice(SAFETY_BACKUPS_KEPT)) fs.rmSync(path.join(this.folder, name), { force: true });
    return file;
  }
}

/**
 * Where backups go: `$ACCORD_BACKUPS`, else `backups/` in the per-user Accord folder (the
 * folder the desktop app uses too, so all three share a workspace's backups).
 */
export function defaultBackupsRoot(userFolder: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.ACCORD_BACKUPS ? path.resolve(env.ACCORD_BACKUPS) : path.join(userFolder, 'backups');
}
