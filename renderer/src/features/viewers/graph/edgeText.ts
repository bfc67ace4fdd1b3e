import type { SopGraphEdge } from './graphTypes';

/** What the text on an edge says: the pathway's conditions, or the source's label. */
export type EdgeTextMode = 'conditions' | 'labels';

/** Longest line drawn on an edge; the full text is in the tooltip and the inspector. */
export const MAX_LINE_CHARS = 34;
/** Most lines drawn on an edge. */
export const MAX_LINES = 3;

/** The text an edge shows on the graph: a few short lines, and the full text they shorten. */
export interface EdgeText {
  lines: string[];
  /** The whole text (all conditions joined by `&&`, or the label); '' when there is none. */
  full: string;
  /** True when `lines` leave something out. */
  shortened: boolean;
  /** True for condition text (drawn in monospace), false for a label. */
  code: boolean;
}

/** All conditions of an edge as one expression; a pathway's conditions must all hold. */
export function conditionText(edge: Pick<SopGraphEdge, 'conditions'>): string {
  const parts = edge.conditions.map((c) => c.trim()).filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? '';
  return parts.map((c) => (/\|\||&&/.test(c) ? `(${c})` : c)).join(' && ');
}

/**
 * The text drawn on an edge. Conditions break before each top-level `&&` / `||`, so a compound
 * condition reads as one clause per line; labels wrap at word boundaries. Each line is cut at
 * {@link MAX_LINE_CHARS} and the text at {@link MAX_LINES}, with an ellipsis where cut.
 *
 * @example edgeText({ conditions: ["{a} == 'x' && {b} < 3"], label: null }, 'conditions').lines
 *   // → ["{a} == 'x'", "&& {b} < 3"]
 */
export function edgeText(edge: Pick<SopGraphEdge, 'conditions' | 'label'>, mode: EdgeTextMode): EdgeText {
  if (mode === 'conditions') {
    const full = conditionText(edge);
    return fit(splitClauses(full), full, true);
  }
  const full = (edge.label ?? '').trim();
  return fit(wrapWords(full.replace(/\s+/g, ' '), MAX_LINE_CHARS), full, false);
}

/** The mode that says most about a graph: conditions when any edge has one, else labels. */
export function defaultEdgeTextMode(edges: Pick<SopGraphEdge, 'conditions'>[]): EdgeTextMode {
  return edges.some((e) => e.conditions.some((c) => c.trim() !== '')) ? 'conditions' : 'labels';
}

function fit(lines: string[], full: string, code: boolean): EdgeText {
  let shortened = false;
  let shown = lines.map((line) => {
    if (line.length <= MAX_LINE_CHARS) return line;
    shortened = true;
    return `${line.slice(0, MAX_LINE_CHARS - 1).trimEnd()}…`;
  });
  if (shown.length > MAX_LINES) {
    shortened = true;
    const rest = shown.length - (MAX_LINES - 1);
    shown = [...shown.slice(0, MAX_LINES - 1), code ? `… ${rest} more clauses` : `${shown[MAX_LINES - 1]!.replace(/…$/, '')}…`];
  }
  return { lines: shown.filter((l) => l !== ''), full, shortened, code };
}

/**
 * Splits an expression before each `&&` / `||` that is outside quotes and parentheses. The
 * operator starts the next line, so the reader sees how the clauses combine.
 */
export function splitClauses(expression: string): string[] {
  const lines: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (expression.startsWith('&&', i) || expression.startsWith('||', i)) && i > start) {
      lines.push(expression.slice(start, i).trim());
      start = i;
      i++;
    }
  }
  lines.push(expression.slice(start).trim());
  return lines.filter((l) => l !== '');
}

/** Greedy word wrap at `width` characters; a word longer than a line is cut later by `fit`. */
function wrapWords(text: string, width: number): string[] {
  if (!text) return [];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
