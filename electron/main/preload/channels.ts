/**
 * The IPC channel names, as electron/transports/ipc/register.ts declares them, repeated here
 * because the sandboxed preload must not pull register.ts's imports (services, SQLite) into
 * its bundle. channels.test.ts keeps the two in step.
 */
export const INVOKE_CHANNEL = 'accord:invoke';
export const EVENT_CHANNEL = 'accord:event';
