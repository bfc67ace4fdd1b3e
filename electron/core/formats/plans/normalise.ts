import type { PlanStep } from './model';

/**
 * A prompt reduced to what matters when comparing steps: step placeholders `(k)` become `(#)`
 * (step numbers differ between plans, so `(2)` in one plan may be `(3)` in another),
 * `(query)` is kept, letters are lower-cased, curly quotes straightened, runs of whitespace
 * collapsed, and trailing punctuation (`.`, `?`, `!`, `;`) dropped.
 *
 * @example normalisePrompt('  Answer (Query) using (2).') // → 'answer (query) using (#)'
 */
export function normalisePrompt(prompt: string): string {
  return prompt
    .replace(/\(\s*\d+\s*\)/g, '(#)')
    .replace(/\(\s*query\s*\)/gi, '(query)')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.?!;]+$/, '');
}

/** A step's tool for comparisons: upper-cased, `''` when the step is not a call. */
export function normaliseTool(step: PlanStep): string {
  return step.tool === null ? '' : step.tool.toUpperCase();
}

/**
 * The identity of a step's content: normalised tool and prompt. Two steps with equal keys do
 * the same thing, whatever their ids, arguments or dependencies.
 */
export function stepContentKey(step: PlanStep): string {
  return `${normaliseTool(step)}\u0000${normalisePrompt(step.prompt)}`;
}

/** Arguments with step numbers replaced by `#` and spaces removed: `[ (1), (2) ]` → `[(#),(#)]`. */
export function normaliseArguments(step: PlanStep): string {
  return step.arguments.map((arg) => arg.replace(/\d+/g, '#').replace(/\s+/g, '')).join(',');
}

/** The distinct words of a normalised prompt, for similarity. */
export function promptWords(prompt: string): Set<string> {
  return new Set(normalisePrompt(prompt).split(/[^\p{L}\p{N}_#]+/u).filter((w) => w !== ''));
}

/**
 * Jaccard similarity of two word sets: |A ∩ B| / |A ∪ B|; 1 when both are empty.
 *
 * @example jaccard(new Set(['a', 'b']), new Set(['b', 'c'])) // → 1/3
 */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}
