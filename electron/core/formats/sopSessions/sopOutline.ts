import type { SopLine } from './model';

/** Columns a tab counts for when indentation mixes tabs and spaces. */
const TAB_WIDTH = 4;

// A step number at the start of a line: `1.`, `2.1`, `2.1)`, `Step 3:`, `3.a`, or a single letter
// with its terminator (`a)`, `b.`), so that a sentence starting with "a customer" is no step.
const NUMBERED = /^(?:step\s+)?(\d+(?:\.(?:\d+|[a-z]))*)(?:[.):]\s*|\s+|$)/i;
const LETTERED = /^([a-z])[.)]\s+/i;

/**
 * Reads an SOP written as an indented text block (Agent-S writes its SOPs so) into an outline:
 * each non-blank line with its depth (how many less indented lines it sits under), its parent
 * line and the step number it starts with. Indentation is relative: a line is nested under the
 * nearest earlier line indented less, whatever the widths (two spaces, four, a tab).
 *
 * @example sopOutline("1. Ask for the order id\n  a) If none, ask for the email") →
 *   [{line 1, depth 0, label "1", parent null}, {line 2, depth 1, label "1.a", parent 0}]
 */
export function sopOutline(text: string): SopLine[] {
  const out: SopLine[] = [];
  // Open ancestors: index in `out` and indentation width, innermost last.
  const open: { index: number; indent: number }[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, k) => {
    const body = raw.trim();
    if (body === '') return;
    const indent = indentWidth(raw);
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
    const parent = open.length > 0 ? open[open.length - 1]!.index : null;
    out.push({ line: k + 1, depth: open.length, text: body, label: fullLabel(stepLabel(body), parent === null ? null : out[parent]!.label), parent });
    open.push({ index: out.length - 1, indent });
  });
  return out;
}

function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width++;
    else if (ch === '\t') width += TAB_WIDTH - (width % TAB_WIDTH);
    else break;
  }
  return width;
}

/**
 * A step number in full: a number written relative to its parent (`a)` under `2.1`) is
 * prefixed with the parent's (`2.1.a`); one written in full already (`2.1` under `2`) is kept.
 */
function fullLabel(own: string | null, parentLabel: string | null): string | null {
  if (own === null || parentLabel === null || own.startsWith(`${parentLabel}.`)) return own;
  return `${parentLabel}.${own}`;
}

function stepLabel(body: string): string | null {
  const text = body.replace(/^[-*•]\s+/, '');
  const numbered = NUMBERED.exec(text);
  if (numbered) return numbered[1]!.toLowerCase();
  const lettered = LETTERED.exec(text);
  return lettered ? lettered[1]!.toLowerCase() : null;
}

/**
 * The outline line a step's state names: by step number (`2.1`, `Step 2.1`, `2.1.`), else the
 * line whose text starts with the state's text (case and spacing aside).
 *
 * @returns its index in the outline, or null when the state names no line.
 */
export function outlineLineOf(outline: readonly SopLine[], state: string | null): number | null {
  if (state === null) return null;
  const wanted = state.trim();
  if (wanted === '') return null;
  const bare = wanted.replace(/^step\s+/i, '').replace(/[.):]+$/, '').toLowerCase();
  const byLabel = outline.findIndex((l) => l.label === bare);
  if (byLabel >= 0) return byLabel;
  const norm = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
  const byText = outline.findIndex((l) => norm(l.text).startsWith(norm(wanted)) || norm(l.text.replace(NUMBERED, '')).startsWith(norm(wanted)));
  return byText >= 0 ? byText : null;
}
