import type { InputOf } from '../../../../../electron/api/contract';

/** One extra header as typed: a name and its value (the value is sent, never stored). */
export interface HeaderRow {
  name: string;
  value: string;
}

/** One price as typed: dollars per million tokens, in and out. */
export interface PriceRow {
  model: string;
  input: string;
  output: string;
}

/** The run dialog's fields, as text where the user types. */
export interface RunForm {
  baseUrl: string;
  model: string;
  headers: HeaderRow[];
  concurrency: string;
  timeoutSeconds: string;
  noCache: boolean;
  prices: PriceRow[];
}

export const DEFAULT_RUN_FORM: RunForm = {
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  headers: [],
  concurrency: '4',
  timeoutSeconds: '60',
  noCache: false,
  prices: [],
};

/** What `judges.run` takes from the form (the task, judge and job id are added by the caller). */
export type RunEndpointArgs = Pick<InputOf<'judges.run'>, 'baseUrl' | 'model' | 'headers' | 'concurrency' | 'timeoutMs' | 'noCache' | 'prices'>;

/** The form's problems by field, or the arguments it gives. */
export type RunFormResult = { ok: true; args: RunEndpointArgs } | { ok: false; errors: Partial<Record<keyof RunForm, string>> };

const number = (text: string) => (text.trim() === '' ? NaN : Number(text));

/**
 * Checks the run dialog and turns it into `judges.run` arguments: the base URL must be an
 * http(s) URL, concurrency a whole number from 1 to 256, the timeout 1 to 600 seconds; header
 * rows without a name and price rows without a model are left out; a price must be a number
 * of dollars per million tokens, 0 or more.
 */
export function runFormArgs(form: RunForm): RunFormResult {
  const errors: Partial<Record<keyof RunForm, string>> = {};
  let url: URL | null;
  try {
    url = new URL(form.baseUrl.trim());
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) errors.baseUrl = 'an http(s) URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1';
  if (form.model.trim() === '') errors.model = 'the model name the endpoint expects, e.g. gpt-4o-mini';
  const concurrency = number(form.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) errors.concurrency = 'a whole number from 1 to 256';
  const timeout = number(form.timeoutSeconds);
  if (!Number.isFinite(timeout) || timeout < 1 || timeout > 600) errors.timeoutSeconds = 'seconds, from 1 to 600';

  const headers: Record<string, string> = {};
  for (const row of form.headers) {
    const name = row.name.trim();
    if (name === '') continue;
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) errors.headers = `"${name}" is not a header name`;
    else headers[name] = row.value;
  }
  const prices: Record<string, { input: number; output: number }> = {};
  for (const row of form.prices) {
    const model = row.model.trim();
    if (model === '') continue;
    const input = number(row.input);
    const output = number(row.output);
    if (!(input >= 0) || !(output >= 0)) errors.prices = `the prices of ${model} must be dollars per million tokens, 0 or more`;
    else prices[model] = { input, output };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    args: {
      baseUrl: url!.toString().replace(/\/$/, ''),
      model: form.model.trim(),
      headers,
      concurrency,
      timeoutMs: Math.round(timeout * 1000),
      noCache: form.noCache,
      prices,
    },
  };
}

const STORAGE_KEY = 'accord.judgeRun.v1';

/**
 * The last endpoint settings, so the next run starts from them. Header values are never kept
 * (an Azure `api-key` header is a secret): only their names come back, with empty values.
 */
export function loadRunForm(storage: Pick<Storage, 'getItem'> | undefined): RunForm {
  try {
    const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<RunForm> | null;
    if (!saved || typeof saved !== 'object') return DEFAULT_RUN_FORM;
    const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
    return {
      baseUrl: text(saved.baseUrl, DEFAULT_RUN_FORM.baseUrl),
      model: text(saved.model, DEFAULT_RUN_FORM.model),
      headers: Array.isArray(saved.headers) ? saved.headers.map((h) => ({ name: text(h?.name, ''), value: '' })) : [],
      concurrency: text(saved.concurrency, DEFAULT_RUN_FORM.concurrency),
      timeoutSeconds: text(saved.timeoutSeconds, DEFAULT_RUN_FORM.timeoutSeconds),
      noCache: false,
      prices: Array.isArray(saved.prices) ? saved.prices.map((p) => ({ model: text(p?.model, ''), input: text(p?.input, ''), output: text(p?.output, '') })) : [],
    };
  } catch {
    return DEFAULT_RUN_FORM;
  }
}

/** Remembers the endpoint settings of a run just started (header names only; "no cache" is per run). */
export function saveRunForm(storage: Pick<Storage, 'setItem'> | undefined, form: RunForm): void {
  const kept = { ...form, headers: form.headers.map((h) => ({ name: h.name })), noCache: undefined };
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // A full or disabled storage only costs the convenience.
  }
}
