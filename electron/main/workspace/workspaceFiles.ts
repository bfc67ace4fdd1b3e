import path from 'node:path';

/** The file extension of an Accord workspace. */
export const WORKSPACE_EXTENSION = 'accord';

/** File-dialog filters for workspaces. */
export const WORKSPACE_FILTERS = [{ name: 'Accord workspace', extensions: [WORKSPACE_EXTENSION] }];

/** File-dialog filters for imports: the formats of DESIGN.md §3, then anything. */
export const IMPORT_FILTERS = [
  { name: 'Artifacts (JSON, JSONL, CSV, graph text)', extensions: ['json', 'jsonl', 'csv', 'txt'] },
  { name: 'All files', extensions: ['*'] },
];

/** Adds `.accord` to a name typed into a save dialog without it. */
export function withWorkspaceExtension(file: string): string {
  return path.extname(file).toLowerCase() === `.${WORKSPACE_EXTENSION}` ? file : `${file}.${WORKSPACE_EXTENSION}`;
}

/** A workspace named on the command line (`accord-app my.accord`, or an opened file on Windows/Linux). */
export function workspaceFromArgv(argv: readonly string[], cwd: string): string | null {
  const candidate = argv.slice(1).find((arg) => !arg.startsWith('-') && path.extname(arg).toLowerCase() === `.${WORKSPACE_EXTENSION}`);
  return candidate ? path.resolve(cwd, candidate) : null;
}

/** The default name offered when exporting a copy of `workspacePath`. */
export function exportCopyName(workspacePath: string, now: Date): string {
  const stem = path.basename(workspacePath).replace(/\.accord$/i, '');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${stem}-copy-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${WORKSPACE_EXTENSION}`;
}

export interface StartupCandidates {
  /** A workspace named on the command line or opened from the file manager. */
  fromArgv: string | null;
  /** The one reopened from last time, if it still exists. */
  last: string | null;
  /** `defaultWorkspacePath()`: `$ACCORD_WORKSPACE` or the per-user default. */
  defaultPath: string;
  /** Whether `$ACCORD_WORKSPACE` is set (it then wins over last time's workspace). */
  envOverride: boolean;
}

/**
 * The workspaces to try at launch, best first: the one asked for on the command line, then
 * `$ACCORD_WORKSPACE`, then last time's, then the default. The caller opens the first that
 * opens, so a workspace that has become unreadable never locks the user out of the app.
 */
export function startupWorkspaces(candidates: StartupCandidates): string[] {
  const ordered = [
    candidates.fromArgv,
    candidates.envOverride ? candidates.defaultPath : null,
    candidates.last,
    candidates.defaultPath,
  ];
  return [...new Set(ordered.filter((p): p is string => p !== null))];
}
