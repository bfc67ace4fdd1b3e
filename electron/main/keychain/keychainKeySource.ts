import { API_KEY_ENV, type ApiKeySource } from '../../services/judges/apiKey';
import type { ApiKeyStore } from './apiKeyStore';

/**
 * The desktop app's API key source: the key stored in the OS keychain, else `OPENAI_API_KEY`
 * from the environment Accord was started from (as the CLI reads it), else none. The same key
 * serves every endpoint: local servers ignore it.
 */
export function keychainKeySource(store: ApiKeyStore, env: NodeJS.ProcessEnv = process.env): ApiKeySource {
  return () => {
    const stored = store.read();
    if (stored) return stored;
    const fromEnv = env[API_KEY_ENV]?.trim();
    return fromEnv ? fromEnv : null;
  };
}
