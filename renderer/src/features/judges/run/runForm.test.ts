import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_FORM, loadRunForm, runFormArgs, saveRunForm, type RunForm } from './runForm';

const form = (over: Partial<RunForm> = {}): RunForm => ({ ...DEFAULT_RUN_FORM, ...over });

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('runFormArgs', () => {
  it('turns the dialog into judges.run arguments', () => {
    const result = runFormArgs(
      form({
        baseUrl: ' http://127.0.0.1:8000/v1/ ',
        model: ' llama ',
        concurrency: '8',
        timeoutSeconds: '2.5',
        noCache: true,
        headers: [{ name: 'api-key', value: 's3cret' }, { name: ' ', value: 'ignored' }],
        prices: [{ model: 'llama', input: '0.15', output: '0.6' }, { model: '', input: 'x', output: '' }],
      }),
    );
    expect(result).toEqual({
      ok: true,
      args: { baseUrl: 'http://127.0.0.1:8000/v1', model: 'llama', headers: { 'api-key': 's3cret' }, concurrency: 8, timeoutMs: 2500, noCache: true, prices: { llama: { input: 0.15, output: 0.6 } } },
    });
  });

  it('says what is wrong with each field', () => {
    const result = runFormArgs(form({ baseUrl: 'ftp://x', model: '', concurrency: '0', timeoutSeconds: '', headers: [{ name: 'bad name', value: '' }], prices: [{ model: 'm', input: '-1', output: '1' }] }));
    expect(result).toEqual({
      ok: false,
      errors: {
        baseUrl: 'an http(s) URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1',
        model: 'the model name the endpoint expects, e.g. gpt-4o-mini',
        concurrency: 'a whole number from 1 to 256',
        timeoutSeconds: 'seconds, from 1 to 600',
        headers: '"bad name" is not a header name',
        prices: 'the prices of m must be dollars per million tokens, 0 or more',
      },
    });
  });
});

describe('remembered run settings', () => {
  it('come back without header values and with the cache on', () => {
    const storage = memoryStorage();
    saveRunForm(storage, form({ model: 'm', noCache: true, headers: [{ name: 'api-key', value: 'SECRET' }] }));
    expect([...storage.data.values()].join('')).not.toContain('SECRET');
    expect(loadRunForm(storage)).toEqual(form({ model: 'm', noCache: false, headers: [{ name: 'api-key', value: '' }] }));
  });

  it('fall back to the defaults when nothing or garbage is stored', () => {
    expect(loadRunForm(undefined)).toEqual(DEFAULT_RUN_FORM);
    expect(loadRunForm({ getItem: () => '{not json' })).toEqual(DEFAULT_RUN_FORM);
  });
});
