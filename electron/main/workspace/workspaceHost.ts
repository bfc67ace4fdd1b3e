import type { Claim } from '../../api/access';
import type { ApiEvents, EventName } from '../../api/contract';
import type { Session } from '../../services/session';
import type { ContextOptions } from '../../services/context';
import { registerIpc, type IpcMainLike, type InvokeEventLike } from '../../transports/ipc/register';

export interface WorkspaceHostDeps {
  ipcMain: IpcMainLike;
  isTrustedSender(event: InvokeEventLike): boolean;
  /** `openSession` from services; a parameter so tests can count opens and closes. */
  openSession(options: Omit<ContextOptions, 'db'>): Session;
  /** Where workspaces' backups go (the services take one before anything is deleted for good). */
  backupsRoot?: string;
  /** Delivers a service event to the window (`accord:event`). */
  send<E extends EventName>(event: E, payload: ApiEvents[E]): void;
}

/**
 * Holds the one open workspace of the desktop app and the IPC registration that serves it.
 * Opening another workspace opens it first — so a file that cannot be opened (not a workspace,
 * written by a newer Accord) leaves the current one in place — then moves the IPC channel to
 * it and closes the old one (checkpointing its WAL).
 */
export class WorkspaceHost {
  private session: Session | null = null;
  private unregister: (() => void) | null = null;
  private path: string | null = null;
  private claim: Claim = null;

  constructor(private readonly deps: WorkspaceHostDeps) {}

  /** The open workspace's session, or null before the first open and after close. */
  get current(): Session | null {
    return this.session;
  }

  get workspacePath(): string | null {
    return this.path;
  }

  /** Who the window last said is using it: the desktop's menus (File › Import) act for that person. */
  get windowClaim(): Claim {
    return this.claim;
  }

  /** Opens `workspacePath` (creating and migrating it as needed); throws what openSession throws. */
  open(workspacePath: string): Session {
    const next = this.deps.openSession({
      workspacePath,
      backupsRoot: this.deps.backupsRoot,
      emit: (event, payload) => {
        // Only the open workspace speaks to the window.
        if (this.session === next) this.deps.send(event, payload);
      },
    });
    this.closeCurrent();
    this.session = next;
    this.path = workspacePath;
    this.unregister = registerIpc(this.deps.ipcMain, next.ctx, {
      isTrustedSender: (event) => this.deps.isTrustedSender(event),
      onClaim: (claim) => {
        this.claim = claim;
      },
    });
    return next;
  }

  /** Unregisters the IPC channel and closes the workspace (WAL checkpoint). Safe to call twice. */
  close(): void {
    this.closeCurrent();
    this.path = null;
  }

  private closeCurrent(): void {
    this.unregister?.();
    this.unregister = null;
    const session = this.session;
    this.session = null;
    session?.close();
  }
}
