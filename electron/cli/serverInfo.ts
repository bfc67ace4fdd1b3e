import fs from 'node:fs';

/** The port `accord serve` uses unless told otherwise, so deep links stay stable. */
export const DEFAULT_PORT = 4873;

interface ServerInfo {
  pid: number;
  baseUrl: string;
  token: string;
  /** A team server (`--team`): no token; people come in by invite. */
  team?: boolean;
}

/** Written beside the workspace while `accord serve` runs, readable by its owner only. */
export function serverInfoPath(workspacePath: string): string {
  return `${workspacePath}.serve.json`;
}

export function writeServerInfo(workspacePath: string, info: ServerInfo): void {
  fs.writeFileSync(serverInfoPath(workspacePath), JSON.stringify(info), { mode: 0o600 });
}

export function removeServerInfo(workspacePath: string): void {
  fs.rmSync(serverInfoPath(workspacePath), { force: true });
}

/**
 * Where deep links point: the running `accord serve` for this workspace (with its token, so
 * the link opens as is), else the default port of a server yet to be started.
 */
export function liveServerFor(workspacePath: string): { baseUrl: string; token: string | null } {
  try {
    const info = JSON.parse(fs.readFileSync(serverInfoPath(workspacePath), 'utf8')) as ServerInfo;
    process.kill(info.pid, 0);
    return { baseUrl: info.baseUrl, token: info.team ? null : info.token };
  } catch {
    return { baseUrl: `http://127.0.0.1:${DEFAULT_PORT}/`, token: null };
  }
}

/** The address of the running `accord serve --team` for this workspace, or null when none runs. */
export function liveTeamServerFor(workspacePath: string): string | null {
  try {
    const info = JSON.parse(fs.readFileSync(serverInfoPath(workspacePath), 'utf8')) as ServerInfo;
    process.kill(info.pid, 0);
    return info.team ? info.baseUrl : null;
  } catch {
    return null;
  }
}
