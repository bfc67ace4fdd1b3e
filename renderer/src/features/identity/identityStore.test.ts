import { describe, expect, it } from 'vitest';
import { canAdjudicate, canManageTasks, IDENTITY_KEY, loadIdentity, saveIdentity } from './identityStore';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('identity store', () => {
  it('remembers and forgets who is using the window', () => {
    const storage = memoryStorage();
    expect(loadIdentity(storage)).toBeNull();
    saveIdentity(storage, { name: 'ana', role: 'adjudicator' });
    expect(loadIdentity(storage)).toEqual({ name: 'ana', role: 'adjudicator' });
    saveIdentity(storage, null);
    expect(storage.data.has(IDENTITY_KEY)).toBe(false);
  });

  it('ignores what is not an identity', () => {
    expect(loadIdentity(memoryStorage({ [IDENTITY_KEY]: '{not json' }))).toBeNull();
    expect(loadIdentity(memoryStorage({ [IDENTITY_KEY]: '{"name":"ana","role":"boss"}' }))).toBeNull();
    expect(loadIdentity(memoryStorage({ [IDENTITY_KEY]: '{"name":"  ","role":"lead"}' }))).toBeNull();
    expect(loadIdentity(memoryStorage({ [IDENTITY_KEY]: '" ana "' }))).toBeNull();
  });

  it('gates adjudication and task management by role', () => {
    expect([canAdjudicate('annotator'), canAdjudicate('adjudicator'), canAdjudicate('lead')]).toEqual([false, true, true]);
    expect([canManageTasks('annotator'), canManageTasks('adjudicator'), canManageTasks('lead')]).toEqual([false, false, true]);
  });
});
