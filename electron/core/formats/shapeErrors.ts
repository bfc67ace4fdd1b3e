/**
 * The one wording of "this JSON value has the wrong shape", shared by every reader of decoded
 * JSON: the format readers (SOP graphs, plans, conversations), label schemas, judges, label
 * JSONL lines and label packs. A reader says `<path>: expected <type>, found <what>`
 * (`nodes[3].nextNodeId: expected a string, found 42`); the importer puts `<file>:<line>: ` in
 * front (a FormatError carries the line), so an error reads the same whichever file it is in.
 * Hand-written readers call {@link shapeMessage}; zod-checked ones pass their issues through
 * {@link zodIssues}.
 */

/** A string shown in a message is cut here. */
const PREVIEW = 40;

/**
 * What a value is, for "found …": a scalar as its JSON literal (`42`, `true`, `null`, a string
 * quoted and cut at 40 characters), `an array`, `an object`, and `nothing` for a missing field.
 *
 * @example describeFound(undefined) // 'nothing'
 * @example describeFound('yes') // '"yes"'
 */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > PREVIEW ? `${value.slice(0, PREVIEW)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The message for a value of the wrong shape: `<path>: expected <expected>, found <what>`.
 *
 * @param path where the value is (`messages[4].tool_calls[0].function.name`); empty for the whole record.
 * @param expected what belongs there, with its article (`a string`, `an object of steps`).
 * @example shapeMessage('plan.2.depends_on', 'an array', 'none') // 'plan.2.depends_on: expected an array, found "none"'
 */
export function shapeMessage(path: string, expected: string, value: unknown): string {
  return `${path ? `${path}: ` : ''}expected ${expected}, found ${describeFound(value)}`;
}

/**
 * A path as the messages write it: names joined by dots, list positions in brackets.
 *
 * @example jsonPath(['questions', 2, 'levels', 0, 'value']) // 'questions[2].levels[0].value'
 */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '');
}

/** One problem of a checked value: where, and what is wrong. */
export interface ShapeIssue {
  path: string;
  message: string;
}

/** What {@link zodIssues} reads of a zod issue. */
interface ZodIssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  input?: unknown;
}

/**
 * A zod error's issues in the wording above. A wrong type that the schema gave no message of
 * its own reads `expected <type>, found <what>` (parse with `{ reportInput: true }` so zod
 * keeps what it found); every other issue keeps its message.
 */
export function zodIssues(error: { issues: readonly ZodIssueLike[] }): ShapeIssue[] {
  return error.issues.map((issue) => ({
    path: jsonPath(issue.path),
    message:
      issue.code === 'invalid_type' && issue.message.startsWith('Invalid input') && typeof issue.expected === 'string'
        ? shapeMessage('', withArticle(issue.expected), issue.input)
        : issue.message,
  }));
}

/** Issues as one line: `path: message; path: message`, the first `limit`, and how many more. */
export function issuesText(issues: readonly ShapeIssue[], whole: string, limit = 5): string {
  const shown = issues.slice(0, limit).map((i) => {
    const where = i.path || whole;
    return where ? `${where}: ${i.message}` : i.message;
  });
  return `${shown.join('; ')}${issues.length > limit ? `; and ${issues.length - limit} more` : ''}`;
}

function withArticle(type: string): string {
  if (type === 'boolean') return 'true or false';
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
