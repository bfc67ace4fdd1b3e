import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One numbered schema change. `version` is the file's number and becomes `PRAGMA user_version`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The ordered registry. Numbers leave gaps (0010, 0020, …) so that parallel work can slot in;
 * a released migration is never edited, only followed by a new one.
 */
export const MIGRATION_FILES = ['0010_init.sql', '0020_annotation.sql', '0030_judges.sql', '0040_journey_coverage.sql', '0050_import_state.sql', '0060_dataset_trash.sql', '0070_blind_discussion.sql', '0080_people_and_task_lifecycle.sql', '0090_label_versions_and_run_trash.sql', '0110_import_mappings.sql', '0140_team_invites.sql', '0150_job_leases.sql', '0151_job_results.sql'] as const;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Parses `0010_init.sql` into its number; throws on a name that does not follow the pattern. */
export function migrationVersion(fileName: string): number {
  const match = /^(\d{4})_[a-z0-9_]+\.sql$/.exec(fileName);
  if (!match) throw new Error(`migration file name "${fileName}" must look like 0010_name.sql`);
  return Number(match[1]);
}

/** Checks that versions strictly increase; a non-monotonic registry is a programming error. */
export function assertMonotonic(migrations: readonly Pick<Migration, 'version' | 'name'>[]): void {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version <= migrations[i - 1].version) {
      throw new Error(`migrations out of order: ${migrations[i - 1].name} is followed by ${migrations[i].name}`);
    }
  }
}

/** Loads the registry from disk, in order. */
export function loadMigrations(files: readonly string[] = MIGRATION_FILES, dir = MIGRATIONS_DIR): Migration[] {
  const migrations = files.map((name) => ({
    version: migrationVersion(name),
    name,
    sql: fs.readFileSync(path.join(dir, name), 'utf8'),
  }));
  assertMonotonic(migrations);
  return migrations;
}
