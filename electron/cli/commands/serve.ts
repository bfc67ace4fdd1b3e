import path from 'node:path';
import type { Command } from 'commander';
import { defaultWorkspacePath, userAccordFolder } from '../defaultWorkspace';
import { CliError, UsageError } from '../io';
import { type CommandEnv } from '../commandEnv';
import { DEFAULT_PORT, removeServerInfo, writeServerInfo } from '../serverInfo';

/** The upload limit unless --max-upload-mb says otherwise (the server's DEFAULT_MAX_UPLOAD_BYTES). */
const DEFAULT_MAX_UPLOAD_MB = 1024;

export function registerServeCommand(program: Command, env: CommandEnv): void {
  program
    .command('serve')
    .description('browser mode: serve the Accord UI on 127.0.0.1 and print its URL (the access token in its fragment)')
    .option('-w, --workspace <path>', 'workspace file (default: the per-user default workspace)')
    .option('-p, --port <n>', `port on 127.0.0.1 (0 picks a free one)`, String(DEFAULT_PORT))
    .option('--max-upload-mb <n>', 'largest file the browser may upload for an import, in MB', String(DEFAULT_MAX_UPLOAD_MB))
    .action(async (options: { workspace?: string; port: string; maxUploadMb: string }) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, not "${options.port}"`);
      const maxUploadMb = Number(options.maxUploadMb);
      if (!Number.isInteger(maxUploadMb) || maxUploadMb < 1) throw new UsageError(`--max-upload-mb must be a whole number of MB, at least 1, not "${options.maxUploadMb}"`);
      const workspacePath = path.resolve(options.workspace ?? defaultWorkspacePath());
      // The HTTP server and everything behind it load only when serving.
      const { startBrowserMode } = await import('../../transports/http/server');
      const { defaultBackupsRoot } = await import('../../services/backups/workspaceBackups');
      const backupsRoot = defaultBackupsRoot(userAccordFolder());
      const server = await startBrowserMode({ workspacePath, port, backupsRoot, maxUploadBytes: maxUploadMb * 1024 * 1024 }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') throw new CliError(`port ${port} is in use; pick another with --port (0 = any free port)`);
        throw new CliError(error.message);
      });
      writeServerInfo(workspacePath, { pid: process.pid, baseUrl: server.baseUrl, token: server.token });
      env.io.stdout(`Accord is serving ${workspacePath}\nOpen: ${server.url}\nBackups: ${server.ctx.backups?.folder} (daily, and before anything is deleted for good)\n(Ctrl+C to stop)\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      removeServerInfo(workspacePath);
      await server.close();
    });
}
