import fs from 'node:fs';
import path from 'node:path';

/** The part of Electron's `safeStorage` the key store uses (a fake stands in for it in tests). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The judge API key, kept encrypted by the OS keychain in a file of the per-user folder. */
export interface ApiKeyStore {
  /** Whether a key is stored (without decrypting it). */
  has(): boolean;
  /** The key, or null when none is stored or it can no longer be decrypted (another user, a reset keychain). */
  read(): string | null;
  /** Encrypts and stores a key, replacing the previous one. */
  save(key: string): void;
  /** Removes the stored key. */
  forget(): void;
}

/** Why a key cannot be stored; the message is meant for the user. */
export class ApiKeyStoreError extends Error {
  override name = 'ApiKeyStoreError';
}

/**
 * A key store over `safeStorage` (DESIGN.md §6: the key lives outside the workspace). Only the
 * ciphertext touches the disk — in `file`, which the desktop app puts in the per-user folder,
 * never beside a workspace — written through a temporary file and a rename, readable by the
 * user alone. The decrypted key is kept in memory after the first read so a run does not ask
 * the keychain once per call.
 */
export function apiKeyStore(file: string, safeStorage: SafeStorageLike): ApiKeyStore {
  let cached: string | null | undefined;
  return {
    has: () => fs.existsSync(file),
    read() {
      if (cached !== undefined) return cached;
      if (!fs.existsSync(file) || !safeStorage.isEncryptionAvailable()) return null;
      try {
        const key = safeStorage.decryptString(fs.readFileSync(file)).trim();
        cached = key === '' ? null : key;
      } catch {
        cached = null;
      }
      return cached;
    },
    save(key) {
      const trimmed = key.trim();
      if (trimmed === '') throw new ApiKeyStoreError('the API key is empty');
      if (/\s/.test(trimmed)) throw new ApiKeyStoreError('an API key has no spaces or line breaks; paste the key alone');
      if (!safeStorage.isEncryptionAvailable()) {
        throw new ApiKeyStoreError('the system keychain is not available, so the key cannot be stored safely; set OPENAI_API_KEY in the environment Accord starts from instead');
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, safeStorage.encryptString(trimmed), { mode: 0o600 });
      fs.renameSync(temporary, file);
      cached = trimmed;
    },
    forget() {
      fs.rmSync(file, { force: true });
      cached = null;
    },
  };
}
