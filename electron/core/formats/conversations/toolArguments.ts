import { parseJsonText } from '../json';
import { FormatError } from '../types';

/** A tool call's arguments after parsing: the value, or the raw text and why it did not parse. */
export interface ParsedArguments {
  arguments: unknown;
  rawArguments: string | null;
  argumentsError: string | null;
}

/**
 * Reads a tool call's `arguments` as sources write them: a JSON string (the OpenAI chat
 * format), an already-decoded value, or nothing (no arguments: `{}`). A string that is not
 * valid JSON is kept raw with the parse error, so the call still appears in the trace and the
 * problem becomes a finding rather than a rejected file. An empty or blank string means no
 * arguments, as the OpenAI API sends for parameterless functions.
 */
export function parseToolArguments(value: unknown): ParsedArguments {
  if (value === undefined || value === null) return { arguments: {}, rawArguments: null, argumentsError: null };
  if (typeof value !== 'string') return { arguments: value, rawArguments: null, argumentsError: null };
  if (value.trim() === '') return { arguments: {}, rawArguments: null, argumentsError: null };
  const parsed = parseJsonValue(value);
  if (parsed.ok) return { arguments: parsed.value, rawArguments: null, argumentsError: null };
  return { arguments: null, rawArguments: value, argumentsError: parsed.error };
}

/**
 * Parses text as JSON without throwing: the value, or the error with its line:column when the
 * text spans several lines (else its column).
 */
export function parseJsonValue(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: parseJsonText(text) };
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const where = error.line !== null && error.line > 1 ? ` at line ${error.line}, column ${error.column}` : ` at column ${error.column}`;
    return { ok: false, error: `${error.message}${error.column !== null ? where : ''}` };
  }
}

/** The arguments as an object for trace comparison; `null` when they are missing or not an object. */
export function argumentsObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
