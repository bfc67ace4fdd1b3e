import type { SopNodeType } from './model';

/**
 * Maps a source's node type word to {@link SopNodeType}: `start_message` → `start`,
 * `end_message` → `end`, `message`, `api` (also `tool`, `function`), `task`; anything else is
 * `other` (the word itself stays in the node's `sourceType`). Case-insensitive.
 *
 * @example normaliseNodeType('start_message') // → 'start'
 */
export function normaliseNodeType(word: string): SopNodeType {
  const type = word.trim().toLowerCase();
  if (/^(start|begin)\b|^start_/.test(type)) return 'start';
  if (/^(end|stop|terminal)\b|^end_/.test(type)) return 'end';
  if (/^(api|tool|function)\b|^(api|tool|function)_/.test(type)) return 'api';
  if (/message/.test(type)) return 'message';
  if (type === 'task') return 'task';
  return 'other';
}
