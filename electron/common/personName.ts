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

/**
 * The order people are listed in: numbers within names by value, so that crowd raters named
 * "rater 2" and "rater 10" (releases with 100+ raters name them so) come as counted, not as
 * "rater 1, rater 10, rater 11, …, rater 2". One fixed locale, so an agreement report lists its
 * raters in the same order on every machine; names equal under it fall back to code units.
 */
export function compareNames(a: string, b: string): number {
  return NAME_ORDER.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

const NAME_ORDER = new Intl.Collator('en', { numeric: true });
