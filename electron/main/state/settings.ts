/** What the desktop app remembers between launches (besides the window's place). */
export interface Settings {
  /** Most recent first. */
  recentWorkspaces: string[];
  /** Reopened at launch when it still exists. */
  lastWorkspace: string | null;
  /** Daily backups kept per workspace. */
  backupsToKeep: number;
}

export const MAX_RECENT_WORKSPACES = 10;
export const DEFAULT_BACKUPS_TO_KEEP = 7;

export const DEFAULT_SETTINGS: Settings = { recentWorkspaces: [], lastWorkspace: null, backupsToKeep: DEFAULT_BACKUPS_TO_KEEP };

/** Reads settings from whatever was on disk; anything malformed falls back to its default. */
export function parseSettings(raw: unknown): Settings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...DEFAULT_SETTINGS, recentWorkspaces: [] };
  const record = raw as Record<string, unknown>;
  const recent = Array.isArray(record.recentWorkspaces)
    ? [...new Set(record.recentWorkspaces.filter((p): p is string => typeof p === 'string' && p.length > 0))].slice(0, MAX_RECENT_WORKSPACES)
    : [];
  const keep = record.backupsToKeep;
  return {
    recentWorkspaces: recent,
    lastWorkspace: typeof record.lastWorkspace === 'string' && record.lastWorkspace.length > 0 ? record.lastWorkspace : null,
    backupsToKeep: typeof keep === 'number' && Number.isInteger(keep) && keep >= 1 && keep <= 365 ? keep : DEFAULT_BACKUPS_TO_KEEP,
  };
}

/** Records that `workspacePath` was opened: first in the recent list (once), and the one to reopen. */
export function withOpenedWorkspace(settings: Settings, workspacePath: string): Settings {
  return {
    ...settings,
    recentWorkspaces: [workspacePath, ...settings.recentWorkspaces.filter((p) => p !== workspacePath)].slice(0, MAX_RECENT_WORKSPACES),
    lastWorkspace: workspacePath,
  };
}

/** Forgets a workspace that could not be opened (moved, deleted, or refused). */
export function withoutWorkspace(settings: Settings, workspacePath: string): Settings {
  return {
    ...settings,
    recentWorkspaces: settings.recentWorkspaces.filter((p) => p !== workspacePath),
    lastWorkspace: settings.lastWorkspace === workspacePath ? null : settings.lastWorkspace,
  };
}

/** Empties the recent list (File › Open Recent › Clear Recent). */
export function withoutRecentWorkspaces(settings: Settings): Settings {
  return { ...settings, recentWorkspaces: [] };
}
