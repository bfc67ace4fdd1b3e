/** A gold answer in words, for the reason dialog, the gold log and the "already gold" notice. */
export function goldText(gold: { value: unknown; na: boolean } | null): string {
  if (!gold) return '';
  return gold.na ? 'N/A' : Array.isArray(gold.value) ? gold.value.join('; ') : String(gold.value);
}
