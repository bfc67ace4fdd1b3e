import type { SchemaKeymap } from '../../../../electron/api/labelSchemas';

const KEY_NAMES: Record<string, string> = { Enter: '↵', ArrowDown: '↓', ArrowUp: '↑', ArrowLeft: '←', ArrowRight: '→', Tab: 'Tab', Escape: 'Esc', ' ': 'Space' };

/** A key as a keycap shows it: `Enter` → `↵`, `ArrowDown` → `↓`, letters as typed. */
export function keyCap(key: string): string {
  return KEY_NAMES[key] ?? key;
}

/** The keys bound to a choice of a question (`set` or `toggle-tag` with that value), e.g. `['1', 'p']`. */
export function keysForChoice(keymap: SchemaKeymap, questionId: string, value: string | number): string[] {
  const binding = keymap.questions[questionId]?.find(
    (b) => (b.action.kind === 'set' && b.action.value === value) || (b.action.kind === 'toggle-tag' && b.action.tag === value),
  );
  return binding?.keys ?? [];
}

/** The one key a choice shows on screen: its letter when it has one (p, f, t…), else its digit; the cheat sheet lists both. */
export function shownKey(keys: string[]): string[] {
  const letter = keys.find((k) => /^[a-z]$/i.test(k));
  return letter ? [letter] : keys.slice(0, 1);
}
