/** A piece of a prompt template: plain text, or a `{{placeholder}}` with whether it is known. */
export type TemplateToken =
  | { kind: 'text'; text: string }
  | { kind: 'placeholder'; text: string; name: string; optional: boolean; known: boolean };

// The same syntax the judge engine fills (`{{name}}`, `{{name?}}`, spaces allowed inside the braces).
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)(\?)?\s*\}\}/g;

/** Whether `name` is a placeholder: one of `names`, or `metadata.<field>`. */
export function isKnownPlaceholder(name: string, names: ReadonlySet<string>): boolean {
  return names.has(name) || /^metadata\.[A-Za-z0-9_.-]+$/.test(name);
}

/**
 * Splits a template into text and placeholders, in order, so the editor can highlight each
 * placeholder (and mark the unknown ones) without changing a character: the tokens' texts
 * joined give the template back.
 *
 * @example templateTokens('Query: {{query}}', new Set(['query'])) // [{ kind: 'text', text: 'Query: ' }, { kind: 'placeholder', text: '{{query}}', name: 'query', optional: false, known: true }]
 */
export function templateTokens(template: string, names: ReadonlySet<string>): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const start = match.index;
    if (start > at) tokens.push({ kind: 'text', text: template.slice(at, start) });
    tokens.push({ kind: 'placeholder', text: match[0], name: match[1], optional: match[2] === '?', known: isKnownPlaceholder(match[1], names) });
    at = start + match[0].length;
  }
  if (at < template.length) tokens.push({ kind: 'text', text: template.slice(at) });
  return tokens;
}

/** The names of the unknown placeholders a template uses, once each. */
export function unknownPlaceholders(template: string, names: ReadonlySet<string>): string[] {
  const unknown = templateTokens(template, names).flatMap((t) => (t.kind === 'placeholder' && !t.known ? [t.name] : []));
  return [...new Set(unknown)];
}
