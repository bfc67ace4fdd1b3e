/** A plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value's `conversations` list, when it has one. */
export function conversationsOf(sample: unknown): unknown[] | null {
  return isObject(sample) && Array.isArray(sample.conversations) ? sample.conversations : null;
}
