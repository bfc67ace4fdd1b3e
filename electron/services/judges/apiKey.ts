/**
 * Where a judge run gets its API key. The key never enters the workspace, a contract
 * argument, an export, a report or a log: the CLI and browser mode read `OPENAI_API_KEY` from
 * the environment of the process that makes the calls; the desktop app installs a source
 * backed by the OS keychain (Electron's safeStorage) with {@link setApiKeySource}.
 */

/** Returns the key for an endpoint, or null when there is none (local servers often need none). */
export type ApiKeySource = (baseUrl: string) => string | null;

/** The environment variable the CLI and browser mode read. */
export const API_KEY_ENV = 'OPENAI_API_KEY';

const fromEnvironment: ApiKeySource = () => {
  const key = process.env[API_KEY_ENV];
  return key && key.trim() !== '' ? key.trim() : null;
};

let source: ApiKeySource = fromEnvironment;

/** Replaces the key source (the desktop app's keychain); `null` restores the environment variable. */
export function setApiKeySource(next: ApiKeySource | null): void {
  source = next ?? fromEnvironment;
}

/** The key for `baseUrl`, or null. */
export function resolveApiKey(baseUrl: string): string | null {
  return source(baseUrl);
}

/**
 * Removes every occurrence of `key` from a text before it is stored or shown (an error
 * message or a response body that echoes the request's headers must not leak it).
 */
export function redactKey(text: string, key: string | null): string {
  if (!key || key.length < 4) return text;
  return text.split(key).join('[redacted]');
}
