/**
 * How two people's names compare when a new name is typed: "Ana", "ana" and "a na " are the same
 * person written differently, so a new name with the same key as an existing one is asked about
 * (the app) or refused unless forced (the API and the CLI). The same function on both sides.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('en').replace(/\s+/g, '');
}

/** The existing names a new `name` differs from only by case or spacing (not the name itself). */
export function similarNames(name: string, existing: readonly string[]): string[] {
  const key = nameKey(name);
  const trimmed = name.trim();
  return existing.filter((other) => other !== trimmed && nameKey(other) === key);
}
