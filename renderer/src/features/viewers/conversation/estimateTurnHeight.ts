import type { Turn } from '../../../../../electron/api/artifacts';

/** Pixels of a card's header and padding, and of one line of message text or JSON. */
const CARD_CHROME = 58;
const TEXT_LINE = 23;
const JSON_LINE = 21;
const CHARS_PER_LINE = 90;
/** The "Other fields (n)" line of a turn that kept source fields, closed. */
const OTHER_FIELDS_LINE = 26;
/** Space below each row. */
export const ROW_GAP = 10;

/** Lines of wrapped text, roughly. */
function textLines(text: string | null): number {
  if (!text) return 1;
  return text.split('\n').reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
}

/** Lines a JSON value takes in the tree opened `depth` levels deep. */
export function jsonLines(value: unknown, depth: number): number {
  if (value === null || typeof value !== 'object') return textLines(typeof value === 'string' ? value : String(value));
  const children = Array.isArray(value) ? value : Object.values(value);
  if (depth <= 0 || children.length === 0) return 1;
  return 2 + children.reduce<number>((lines, child) => lines + jsonLines(child, depth - 1), 0);
}

/**
 * A first guess at a turn's height before it is measured, from its content, so the scrollbar of
 * a 300-turn transcript is about right before the reviewer has seen every turn.
 */
export function estimateTurnHeight(turn: Turn, findings: number): number {
  let body: number;
  switch (turn.role) {
    case 'tool_call':
      body = jsonLines(turn.call.arguments, 8) * JSON_LINE + 26;
      break;
    case 'tool_output':
      body = turn.output.contentIsJson ? jsonLines(turn.output.content, 2) * JSON_LINE : textLines(String(turn.output.content)) * JSON_LINE;
      break;
    case 'event':
      body = 0;
      break;
    default:
      body = textLines(turn.text) * TEXT_LINE;
  }
  const otherFields = turn.extra && Object.keys(turn.extra).length > 0 ? OTHER_FIELDS_LINE : 0;
  return CARD_CHROME + body + otherFields + findings * 30 + ROW_GAP;
}
