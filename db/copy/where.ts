/** A side of a copy: a `postgres://` (or `postgresql://`) URL, else a workspace file. */
export const isPostgresUrl = (where: string) => /^postgres(ql)?:\/\//i.test(where);

/** A side as it may be printed: a URL without its password. */
export function printable(where: string): string {
  if (!isPostgresUrl(where)) return where;
  try {
    const parsed = new URL(where);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}
