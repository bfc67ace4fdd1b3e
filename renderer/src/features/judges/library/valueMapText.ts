/** A value-map target as typed: JSON where it parses (`6`, `["a"]`, `null` for N/A), else the text itself. */
export function parseMappedValue(text: string): string | number | string[] | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'null') return null;
  try {
    const value = JSON.parse(trimmed) as unknown;
    if (typeof value === 'number' || typeof value === 'string') return value;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  } catch {
    // Plain text: a level name such as Very Good.
  }
  return trimmed;
}

/** A value-map target as the editor shows it: plain strings bare, N/A as `null`, anything else as JSON. */
export function mappedValueText(value: string | number | string[] | null): string {
  if (value === null) return 'null';
  // A string that would read back as something else (`6`, `null`, padded text) is quoted.
  return typeof value === 'string' && parseMappedValue(value) === value ? value : JSON.stringify(value);
}
