/** One step of a path: a field, an array position, or the first element whose field equals a text. */
type Step = { field: string } | { index: number } | { where: string; equals: string };

/** Where a path stopped finding anything, and what was there. */
export interface Miss {
  /** The path up to and including the step that found nothing. */
  at: string;
  /** What was found where the step looked, in words (`an object with fields role, content`). */
  found: string;
}

const STEP = /([^.[\]]+)|\[(-?\d+)\]|\[([^=\]]+)=([^\]]*)\]/g;

/**
 * Parses a path (`info.task.actions`, `traj[0].role`, `conversations[-1].value`,
 * `conversations[role=user].content`, `$`). Returns null when the text is not a path.
 */
export function parsePath(path: string): Step[] | null {
  const text = path.trim();
  if (text === '$' || text === '') return [];
  const steps: Step[] = [];
  let consumed = 0;
  for (const match of text.replace(/^\$\.?/, '').matchAll(STEP)) {
    if (match[1] !== undefined) steps.push({ field: match[1] });
    else if (match[2] !== undefined) steps.push({ index: Number(match[2]) });
    else steps.push({ where: match[3]!.trim(), equals: match[4]!.trim() });
    consumed += match[0].length;
  }
  const bare = text.replace(/^\$\.?/, '').replace(/\./g, '');
  return consumed === bare.length ? steps : null;
}

/**
 * Follows a path into a value. Returns `{ value }` (a present value, possibly null) or the
 * first step that found nothing with what was there.
 */
export function resolvePath(root: unknown, path: string): { value: unknown } | { miss: Miss } {
  const steps = parsePath(path);
  if (steps === null) return { miss: { at: path, found: 'a path that cannot be read' } };
  let value = root;
  let at = '';
  for (const step of steps) {
    const here = at;
    if ('field' in step) {
      at = here ? `${here}.${step.field}` : step.field;
      if (!isRecord(value) || !Object.prototype.hasOwnProperty.call(value, step.field)) return { miss: { at, found: `${here || 'the record'} is ${describe(value)}` } };
      value = value[step.field];
    } else if ('index' in step) {
      at = `${here}[${step.index}]`;
      if (!Array.isArray(value)) return { miss: { at, found: `${here || 'the record'} is ${describe(value)}` } };
      const position = step.index < 0 ? value.length + step.index : step.index;
      if (position < 0 || position >= value.length) return { miss: { at, found: `${here || 'the record'} is ${describe(value)}` } };
      value = value[position];
    } else {
      at = `${here}[${step.where}=${step.equals}]`;
      if (!Array.isArray(value)) return { miss: { at, found: `${here || 'the record'} is ${describe(value)}` } };
      const hit = value.find((element) => isRecord(element) && String(element[step.where]) === step.equals);
      if (hit === undefined) return { miss: { at, found: `no element of ${here || 'the record'} has ${step.where} = ${step.equals}` } };
      value = hit;
    }
  }
  return { value };
}

/** A value in a few words, for error messages: `an object with fields a, b`, `an array of 3`, `the text "…"`. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0 ? 'an empty object' : `an object with fields ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
  }
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 39)}…` : value}"`;
  return `${typeof value} ${String(value)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
