import { jsonValueEnd } from '../formats/json';

/** Where the JSON answer was found in a model's reply. */
export type JsonSource = 'whole' | 'fenced' | 'embedded';

/** The answer object read out of a reply, or why none could be read. */
export type ExtractedJson = { ok: true; value: unknown; source: JsonSource } | { ok: false; error: string };

/**
 * Reads the JSON answer out of a model's reply, trying in order:
 * 1. the whole reply (what structured output returns);
 * 2. each fenced code block (```json … ``` or ``` … ```), first that parses;
 * 3. each balanced `{ … }` object in the text (strings and escapes respected), first that parses.
 *
 * Models asked for JSON without structured output often wrap it in prose or a code fence;
 * this keeps such answers instead of failing them.
 *
 * @example extractJson('Sure!\n```json\n{"verdict": "pass"}\n```') // { ok: true, value: { verdict: 'pass' }, source: 'fenced' }
 */
export function extractJson(text: string): ExtractedJson {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'the reply is empty' };
  const whole = tryParse(trimmed);
  if (whole.ok) return { ok: true, value: whole.value, source: 'whole' };

  for (const match of trimmed.matchAll(/```[a-zA-Z0-9_-]*[ \t]*\r?\n([\s\S]*?)```/g)) {
    const fenced = tryParse(match[1].trim());
    if (fenced.ok) return { ok: true, value: fenced.value, source: 'fenced' };
  }

  for (const candidate of balancedObjects(trimmed)) {
    const embedded = tryParse(candidate);
    if (embedded.ok) return { ok: true, value: embedded.value, source: 'embedded' };
  }
  return {
    ok: false,
    error: `no JSON object found in the reply (${whole.error}); the reply begins: ${JSON.stringify(trimmed.slice(0, 120))}`,
  };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: `not JSON: ${(error as Error).message}` };
  }
}

/**
 * Yields every substring that starts at a `{` outside a string and ends at its matching `}`,
 * in order of their start. Quotes inside objects are tracked so braces in strings do not count.
 */
export function* balancedObjects(text: string): Generator<string> {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    const end = jsonValueEnd(text, start);
    if (end >= 0) yield text.slice(start, end);
  }
}
