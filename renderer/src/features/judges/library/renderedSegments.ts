import { templateTokens } from './templateTokens';

/** A piece of a rendered prompt: template text, or what a placeholder became. */
export type RenderedSegment = { kind: 'text'; text: string } | { kind: 'value'; name: string; text: string };

/**
 * Finds, in a prompt rendered from `template`, the text each placeholder became, so a preview
 * can mark it. The template's literal pieces are matched in order; a value is whatever lies
 * between two of them. When the rendered text does not follow the template (it should always,
 * but a preview must never mislead), the whole text comes back unmarked.
 *
 * @example renderedSegments('Q: {{query}}!', 'Q: How many?!') // [text 'Q: ', value query 'How many?', text '!']
 */
export function renderedSegments(template: string, rendered: string): RenderedSegment[] {
  const tokens = templateTokens(template, new Set());
  const out: RenderedSegment[] = [];
  let at = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'text') {
      if (!rendered.startsWith(token.text, at)) return [{ kind: 'text', text: rendered }];
      out.push({ kind: 'text', text: token.text });
      at += token.text.length;
      continue;
    }
    // The value runs up to the next literal piece (or to the end).
    const next = tokens[i + 1];
    const end = next === undefined ? rendered.length : next.kind === 'text' ? rendered.indexOf(next.text, at) : -1;
    if (end < 0) return [{ kind: 'text', text: rendered }];
    out.push({ kind: 'value', name: token.name, text: rendered.slice(at, end) });
    at = end;
  }
  return at === rendered.length ? out : [{ kind: 'text', text: rendered }];
}
