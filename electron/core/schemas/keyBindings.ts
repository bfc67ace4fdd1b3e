import type { Choice, LabelSchema, LabelValue, Question } from './model';

/** What a key does on the labeling screen. */
export type KeyAction =
  | { kind: 'next-item' }
  | { kind: 'previous-item' }
  | { kind: 'skip-item' }
  | { kind: 'submit-item' }
  | { kind: 'undo' }
  | { kind: 'cheat-sheet' }
  | { kind: 'next-question' }
  | { kind: 'previous-question' }
  | { kind: 'next-unit' }
  | { kind: 'previous-unit' }
  | { kind: 'not-applicable'; questionId: string }
  | { kind: 'set'; questionId: string; value: LabelValue }
  | { kind: 'toggle-tag'; questionId: string; tag: string };

/**
 * One line of the cheat sheet: the keys (as `KeyboardEvent.key` reports them) that do one
 * thing, and what it does in words.
 */
export interface KeyBinding {
  keys: string[];
  action: KeyAction;
  description: string;
}

/**
 * Every key of a schema's labeling screen: `global` work on any question, `questions[id]`
 * only while that question has the focus.
 */
export interface SchemaKeymap {
  global: KeyBinding[];
  questions: Record<string, KeyBinding[]>;
}

/** Navigation keys, the same for every schema. */
export const GLOBAL_BINDINGS: readonly KeyBinding[] = [
  { keys: ['j'], action: { kind: 'next-item' }, description: 'Next item' },
  { keys: ['k'], action: { kind: 'previous-item' }, description: 'Previous item' },
  { keys: ['s'], action: { kind: 'skip-item' }, description: 'Skip this item for now' },
  { keys: ['Enter'], action: { kind: 'submit-item' }, description: 'Submit this item' },
  { keys: ['u'], action: { kind: 'undo' }, description: 'Undo the last change' },
  { keys: ['?'], action: { kind: 'cheat-sheet' }, description: 'Show or hide this cheat sheet' },
  { keys: ['Tab', 'ArrowDown'], action: { kind: 'next-question' }, description: 'Next question' },
  { keys: ['ArrowUp'], action: { kind: 'previous-question' }, description: 'Previous question' },
  { keys: [']'], action: { kind: 'next-unit' }, description: 'Next node, step or turn' },
  { keys: ['['], action: { kind: 'previous-unit' }, description: 'Previous node, step or turn' },
];

/** The key that answers "not applicable" on questions that allow it. */
export const NA_KEY = 'x';

/**
 * Single characters a choice may not take as its key: the navigation keys, the N/A key and
 * the digits (which pick choices by position).
 */
export const RESERVED_KEYS: readonly string[] = [
  ...GLOBAL_BINDINGS.flatMap((b) => b.keys).filter((k) => k.length === 1),
  NA_KEY,
  ...'0123456789',
];

/** Digits pick choices by position: 1…9. */
const DIGITS = '123456789';

/**
 * Derives the keyboard bindings of a schema: digits 1–9 pick a choice by position (levels,
 * options, score values) or toggle a tag; binary, nominal and multilabel choices also get a
 * letter (their own `key`, else the first free letter of their label, e.g. p/f for
 * pass/fail); `x` answers N/A where allowed. Pure data: the labeling screen renders the cheat
 * sheet from it and looks keys up with {@link actionForKey}.
 */
export function keymapFor(schema: LabelSchema): SchemaKeymap {
  const questions: Record<string, KeyBinding[]> = {};
  for (const question of schema.questions) questions[question.id] = questionBindings(question);
  return { global: [...GLOBAL_BINDINGS], questions };
}

function questionBindings(question: Question): KeyBinding[] {
  const bindings: KeyBinding[] = [];
  switch (question.type) {
    case 'binary':
    case 'nominal': {
      const letters = lettersFor(question.options);
      question.options.forEach((option, i) =>
        bindings.push({
          keys: withDigit(i, letters[i]),
          action: { kind: 'set', questionId: question.id, value: option.value },
          description: option.label,
        }),
      );
      break;
    }
    case 'ordinal': {
      const letters = lettersFor(question.levels, DIGITS.length);
      question.levels.forEach((level, i) =>
        bindings.push({
          keys: withDigit(i, letters[i]),
          action: { kind: 'set', questionId: question.id, value: level.value },
          description: level.label,
        }),
      );
      break;
    }
    case 'score': {
      const letters = lettersFor(question.values, DIGITS.length);
      question.values.forEach((option, i) =>
        bindings.push({
          keys: withDigit(i, letters[i]),
          action: { kind: 'set', questionId: question.id, value: option.value },
          description: option.label,
        }),
      );
      break;
    }
    case 'multilabel': {
      const letters = lettersFor(question.tags);
      question.tags.forEach((tag, i) =>
        bindings.push({
          keys: withDigit(i, letters[i]),
          action: { kind: 'toggle-tag', questionId: question.id, tag: tag.value },
          description: `Toggle “${tag.label}”`,
        }),
      );
      break;
    }
    case 'text':
      break;
  }
  if (question.allowNA) {
    bindings.push({ keys: [NA_KEY], action: { kind: 'not-applicable', questionId: question.id }, description: 'Not applicable' });
  }
  return bindings;
}

function withDigit(index: number, letter: string | undefined): string[] {
  const keys = index < DIGITS.length ? [DIGITS[index]] : [];
  if (letter) keys.push(letter);
  return keys;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A letter per choice: its own key, else the first letter of its label's words, else any
 * letter of it, else any free letter (so every choice has a key, "10" of a 0–10 scale too).
 * Choices before `from` that have no key of their own get none (ordinal levels and score
 * values are picked by their digit; only those past 9 need a letter).
 */
function lettersFor(choices: readonly Pick<Choice, 'label' | 'key'>[], from = 0): (string | undefined)[] {
  const taken = new Set<string>([...RESERVED_KEYS, ...choices.flatMap((c) => (c.key ? [c.key] : []))]);
  return choices.map((choice, i) => {
    if (choice.key) return choice.key;
    if (i < from) return undefined;
    const label = choice.label.toLowerCase();
    const initials = label.split(/[^a-z]+/).filter(Boolean).map((word) => word[0]);
    const candidates = [...initials, ...label.replace(/[^a-z]/g, ''), ...ALPHABET];
    const letter = candidates.find((c) => !taken.has(c));
    if (letter) taken.add(letter);
    return letter;
  });
}

// actionForKey runs in the browser too, so it lives in electron/common/; re-exported beside the keymap it reads.
export { actionForKey } from '../../common/labelSchemaRules';
