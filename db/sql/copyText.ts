/** A value `SqlDb.copyRows` writes: text, an integer or real, a blob, or NULL. */
export type CopyValue = string | number | bigint | Uint8Array | null;

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value in PostgreSQL COPY's text format: NULL as `\N`; in text a backslash, tab, newline
 * and carriage return escaped (the only characters that format treats specially); a blob as
 * bytea's hex input, its backslash escaped in turn; numbers as JavaScript writes them (the
 * shortest text that reads back exactly; PostgreSQL reads `NaN` and `Infinity` too).
 */
export function copyTextValue(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') {
    // COPY would fail with only "invalid byte sequence for encoding UTF8: 0x00", naming no value.
    if (value.includes('\0')) throw new Error(`PostgreSQL text cannot hold a NUL character (U+0000): ${JSON.stringify(value.slice(0, 80))}`);
    return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]) : value;
  }
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    return Number.isFinite(value) ? String(value) : Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  }
  if (typeof value === 'bigint') return String(value);
  return `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

/** Rows in COPY's text format: values separated by tabs, each row ending in a newline. */
export function copyText(rows: readonly (readonly CopyValue[])[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) text += (i === 0 ? '' : '\t') + copyTextValue(row[i]);
    text += '\n';
  }
  return text;
}

const utf8 = new TextEncoder();

/**
 * Rows as copyText writes them, in UTF-8 bytes of their own: handed to the connection thread
 * without a copy (PgSyncClient.copyPipelined), where text would be cloned and then encoded there.
 */
export function copyBytes(rows: readonly (readonly CopyValue[])[]): Uint8Array {
  return utf8.encode(copyText(rows));
}
