import Database from 'better-sqlite3';
import { loadMigrations, type Migration } from '../migrations';
import { migrate } from '../workspace';
import type { ColumnKind } from './canonical';

/** One table of a workspace copy: its columns in order, how rows are ordered, its identity column. */
export interface TablePlan {
  name: string;
  columns: { name: string; kind: ColumnKind }[];
  /** The primary key's columns (every column for a table without one): the order rows are hashed in. */
  orderBy: string[];
  /** An `INTEGER PRIMARY KEY` (SQLite's rowid; an identity on PostgreSQL), which the copy keeps. */
  identity: string | null;
}

/**
 * Tables a copy leaves out, each with why. Sign-ins belong to the servers of one database: a
 * snapshot taken home, opened by `accord serve --team`, would otherwise let in every browser
 * signed in to the team (their cookies' hashes travel with the rows). People sign in again with
 * their invite links, which do travel.
 */
export const NOT_COPIED: Readonly<Record<string, string>> = {
  team_sessions: "sign-ins to the team's servers stay with them: people sign in to a copy again with their invite links",
};

/** The tables a copy carries and the tables it leaves out, from {@link copyPlan}. */
export function splitPlan(plan: TablePlan[]): { copied: TablePlan[]; leftOut: TablePlan[] } {
  return { copied: plan.filter((t) => !(t.name in NOT_COPIED)), leftOut: plan.filter((t) => t.name in NOT_COPIED) };
}

const KINDS: Record<string, ColumnKind> = { INTEGER: 'int', REAL: 'real', TEXT: 'text', BLOB: 'blob' };

/**
 * SQLite's trigger-kept reference (0030): raters.judge_run_id must name an existing run when a
 * rater is inserted, and a trigger cannot be deferred as foreign keys are, so runs go first.
 */
const TRIGGER_DEPENDENCIES: Record<string, string[]> = { raters: ['judge_runs'] };

/**
 * Every table of the schema the migrations build, in an order where each table comes after the
 * tables it refers to, read from the schema itself (an in-memory SQLite at the latest version) so
 * that a table a new migration adds is copied without anyone listing it here.
 */
export function copyPlan(migrations: Migration[] = loadMigrations()): TablePlan[] {
  const db = new Database(':memory:');
  try {
    migrate(db, ':memory:', migrations);
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    const plans = new Map<string, TablePlan>();
    const dependsOn = new Map<string, Set<string>>();
    for (const name of names) {
      const info = db.prepare('SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid').all(name) as { name: string; type: string; pk: number }[];
      const columns = info.map((c) => {
        const kind = KINDS[c.type.toUpperCase()];
        if (!kind) throw new Error(`table ${name}, column ${c.name}: declared type "${c.type}" has no canonical kind (INTEGER, REAL, TEXT or BLOB)`);
        return { name: c.name, kind };
      });
      const key = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      const identity = key.length === 1 && key[0].type.toUpperCase() === 'INTEGER' ? key[0].name : null;
      plans.set(name, { name, columns, orderBy: key.length > 0 ? key.map((c) => c.name) : columns.map((c) => c.name), identity });
      const parents = (db.prepare('SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list(?)').all(name) as { parent: string }[]).map((f) => f.parent);
      dependsOn.set(name, new Set([...parents, ...(TRIGGER_DEPENDENCIES[name] ?? [])].filter((p) => p !== name)));
    }
    // Depth-first topological order; a cycle would be a schema change this copy must learn about.
    const ordered: TablePlan[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string, path: string[]) => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting') throw new Error(`the tables refer to each other in a cycle: ${[...path, name].join(' → ')}`);
      state.set(name, 'visiting');
      for (const parent of [...(dependsOn.get(name) ?? [])].sort()) visit(parent, [...path, name]);
      state.set(name, 'done');
      ordered.push(plans.get(name)!);
    };
    for (const name of names) visit(name, []);
    return ordered;
  } finally {
    db.close();
  }
}
