import { isObject, own, shapeError } from './shape';
import { parseJsonValue } from './toolArguments';

/**
 * The text of a message's `content`: a string, `null`/absent, or an array of content parts
 * (`[{type: 'text', text}]`, as newer chat APIs write it) whose texts are joined by newlines;
 * a non-text part (an image, a file) becomes a `[type]` placeholder so the reader sees it was
 * there.
 *
 * @throws {FormatError} naming `field` when the content is anything else.
 */
export function messageText(value: unknown, field: string, line: number | null): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) throw shapeError(field, 'a string, an array of content parts or null', value, line);
  const texts: string[] = [];
  value.forEach((part, i) => {
    if (typeof part === 'string') texts.push(part);
    else if (isObject(part) && typeof own(part, 'text') === 'string') texts.push(own(part, 'text') as string);
    else if (isObject(part) && typeof own(part, 'type') === 'string') texts.push(`[${own(part, 'type') as string}]`);
    else throw shapeError(`${field}[${i}]`, 'a string or a content part object', part, line);
  });
  return texts.join('\n');
}

/**
 * A tool's output as the model keeps it: decoded JSON when the source holds a value or a text
 * that is a JSON object or array, else the text as written (a plain-text result such as
 * `"ok"` or `"SO-1042"` stays text rather than being guessed at).
 */
export function toolOutputContent(value: unknown, field: string, line: number | null): { content: unknown; contentIsJson: boolean } {
  if (value === undefined || value === null) return { content: null, contentIsJson: false };
  if (typeof value !== 'string') {
    if (Array.isArray(value) && value.every((part) => isObject(part) && typeof own(part, 'text') === 'string')) {
      return toolOutputContent(messageText(value, field, line), field, line);
    }
    return { content: value, contentIsJson: true };
  }
  const first = value.trimStart()[0];
  if (first === '{' || first === '[') {
    const parsed = parseJsonValue(value);
    if (parsed.ok) return { content: parsed.value, contentIsJson: true };
  }
  return { content: value, contentIsJson: false };
}
