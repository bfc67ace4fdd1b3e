/**
 * The IPC channel names, dependency-free so the sandboxed preload can import them without
 * pulling services and SQLite into its bundle.
 */
/** The one channel that carries every API call from the preload bridge. */
export const INVOKE_CHANNEL = 'accord:invoke';
/** Events (progress, changes) pushed to the window. */
export const EVENT_CHANNEL = 'accord:event';
