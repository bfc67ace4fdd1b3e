import { bindPlaceholder, isPlaceholder, type BindingContext } from './placeholders';

/** `{{name}}` or `{{name?}}` (optional: renders "(none)" when the item lacks the field). */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)(\?)?\s*\}\}/g;

/** What an optional placeholder renders when the item lacks the field. */
export const NONE_TEXT = '(none)';

/** A placeholder occurrence in a template. */
export interface PlaceholderUse {
  name: string;
  optional: boolean;
}

/** The placeholders a template uses, in order of first use, without repeats. */
export function placeholdersIn(template: string): PlaceholderUse[] {
  const seen = new Map<string, PlaceholderUse>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const use = { name: match[1], optional: match[2] === '?' };
    const earlier = seen.get(use.name);
    if (!earlier) seen.set(use.name, use);
    else if (!use.optional) earlier.optional = false;
  }
  return [...seen.values()];
}

/** Names a template uses that are no placeholder (for validation messages). */
export function unknownPlaceholders(template: string): string[] {
  return placeholdersIn(template).filter((p) => !isPlaceholder(p.name)).map((p) => p.name);
}

/** A rendered template, or which required fields the item lacks. */
export type RenderedText = { ok: true; text: string } | { ok: false; error: string };

/**
 * Fills a template's placeholders from an item. A required placeholder whose field the item
 * lacks (a reference-based judge on an item without a gold plan) fails the item with a
 * message naming the field, instead of sending a prompt with a hole in it.
 *
 * @example renderTemplate('Query: {{query}}', ctx) // { ok: true, text: 'Query: How many calls…' }
 */
export function renderTemplate(template: string, ctx: BindingContext): RenderedText {
  const missing: string[] = [];
  const text = template.replace(PLACEHOLDER, (_whole, name: string, optional: string | undefined) => {
    const value = bindPlaceholder(name, ctx);
    if (value !== null) return value;
    if (optional !== '?') missing.push(name);
    return NONE_TEXT;
  });
  if (missing.length > 0) {
    const unit = ctx.unit ? ` (${ctx.unit})` : '';
    return { ok: false, error: `item ${ctx.item.externalId}${unit} has no ${[...new Set(missing)].map((m) => `{{${m}}}`).join(', ')} to fill the prompt with` };
  }
  return { ok: true, text };
}
