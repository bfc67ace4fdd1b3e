/**
 * The label-schema rules the labeling screen runs in the browser as well as the services on the
 * Node side: which tiers an ordinal level reaches, and what a key press does. One definition,
 * so the screen cannot drift from the schema model; core/schemas (tiers.ts, keyBindings.ts)
 * re-exports both beside the model they read. Typed by the shapes they read, so this module
 * needs no types from core.
 *
 * electron/common/: runtime code both the renderer and the Node side run. Dependency-free — it
 * imports nothing outside electron/common/ — so the browser bundle gains no zod and no Node by
 * importing it, and every layer may use it (README "Layout", eslint.config.js).
 */

/** What {@link tiersOf} reads of an ordinal question: its levels and its cumulative tiers. */
export interface TieredScale {
  levels: readonly { value: string; numeric: number }[];
  tiers: readonly { name: string; minNumeric: number }[];
}

/**
 * The tiers a level reaches, best first: a level with numeric value `n` is in every tier
 * whose `minNumeric` ≤ n (tiers are cumulative).
 *
 * @example tiersOf(planQuality, 'Very Good') // ['A+', 'A', 'B']
 */
export function tiersOf(question: TieredScale, levelValue: string): string[] {
  const level = question.levels.find((l) => l.value === levelValue);
  if (!level) return [];
  return [...question.tiers].sort((a, b) => b.minNumeric - a.minNumeric).filter((t) => level.numeric >= t.minNumeric).map((t) => t.name);
}

/** What {@link actionForKey} reads of a schema's keymap (core/schemas' `SchemaKeymap`). */
export interface KeyLookup<Action> {
  global: readonly { keys: readonly string[]; action: Action }[];
  questions: Readonly<Record<string, readonly { keys: readonly string[]; action: Action }[]>>;
}

/**
 * The action of a key press: a global binding, else one of the focused question's.
 *
 * @returns the action, or null when the key does nothing here.
 * @example actionForKey(keymapFor(preset('plan-quality')), 'overall_quality', '7') // { kind: 'set', questionId: 'overall_quality', value: 'Extremely Good' }
 */
export function actionForKey<Action>(keymap: KeyLookup<Action>, focusedQuestionId: string | null, key: string): Action | null {
  const global = keymap.global.find((b) => b.keys.includes(key));
  if (global) return global.action;
  if (focusedQuestionId === null) return null;
  return keymap.questions[focusedQuestionId]?.find((b) => b.keys.includes(key))?.action ?? null;
}
