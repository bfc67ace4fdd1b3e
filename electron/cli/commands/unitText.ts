/**
 * A unit as the statistics name it (`<externalId>|<unitKey>`), in words for the terminal:
 * `pq-001|` → `pq-001` (the whole item), `pq-003|step:2` → `pq-003 step 2`. Never the raw key.
 *
 * @example unitText('pq-003|step:2') // 'pq-003 step 2'
 */
export function unitText(unit: string): string {
  const bar = unit.lastIndexOf('|');
  if (bar < 0) return unit;
  const item = unit.slice(0, bar);
  const key = unit.slice(bar + 1);
  return key === '' ? item : `${item} ${key.replace(':', ' ')}`;
}
