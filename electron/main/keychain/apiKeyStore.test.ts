import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyStore, type SafeStorageLike } from './apiKeyStore';

const KEY = 'sk-proj-THIS-KEY-MUST-NOT-BE-ON-DISK-1234';

/** A stand-in for Electron's safeStorage: XOR with a secret byte, so ciphertext never contains the key. */
function fakeSafeStorage(options: { available?: boolean; secret?: number } = {}): SafeStorageLike & { decrypts: number } {
  const secret = options.secret ?? 0x5a;
  const fake = {
    decrypts: 0,
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (plain: string) => Buffer.concat([Buffer.from('v10'), Buffer.from(plain, 'utf8').map((b) => b ^ secret)]),
    decryptString(encrypted: Buffer) {
      fake.decrypts++;
      if (encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(encrypted.subarray(3).map((b) => b ^ secret)).toString('utf8');
    },
  };
  return fake;
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-keychain-'));
  file = path.join(dir, 'user-data', 'judge-api-key.bin');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('apiKeyStore', () => {
  it('stores only ciphertext, readable by the user alone, and reads the key back in a later session', () => {
    apiKeyStore(file, fakeSafeStorage()).save(`  ${KEY}\n`);
    const bytes = fs.readFileSync(file);
    expect(bytes.includes(Buffer.from(KEY))).toBe(false);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['judge-api-key.bin']);
    const later = apiKeyStore(file, fakeSafeStorage());
    expect(later.has()).toBe(true);
    expect(later.read()).toBe(KEY);
  });

  it('asks the keychain once, then answers from memory', () => {
    const safeStorage = fakeSafeStorage();
    apiKeyStore(file, safeStorage).save(KEY);
    const store = apiKeyStore(file, safeStorage);
    store.read();
    store.read();
    expect(safeStorage.decrypts).toBe(1);
  });

  it('forgets the key, file and memory both', () => {
    const store = apiKeyStore(file, fakeSafeStorage());
    store.save(KEY);
    store.forget();
    expect(store.has()).toBe(false);
    expect(store.read()).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses to store a key when the keychain is unavailable, saying what to do instead', () => {
    const store = apiKeyStore(file, fakeSafeStorage({ available: false }));
    expect(() => store.save(KEY)).toThrow('the system keychain is not available, so the key cannot be stored safely; set OPENAI_API_KEY in the environment Accord starts from instead');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses an empty key and one with spaces inside', () => {
    const store = apiKeyStore(file, fakeSafeStorage());
    expect(() => store.save('   ')).toThrow('the API key is empty');
    expect(() => store.save('sk-abc def')).toThrow('an API key has no spaces or line breaks; paste the key alone');
  });

  it('reads no key from a file it cannot decrypt (another keychain) instead of failing', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'not ciphertext');
    expect(apiKeyStore(file, fakeSafeStorage()).read()).toBeNull();
    expect(apiKeyStore(file, fakeSafeStorage({ available: false })).read()).toBeNull();
  });
});
