import type { ValueSpec } from './model';
import { describe, resolvePath, type Miss } from './paths';

/** What a spec is evaluated against: the record (or message) and the record's number in the file. */
export interface Scope {
  value: unknown;
  ordinal: number;
}

/** Result of a spec: a value, or where it was looked for and what was there. */
export type Outcome = { value: unknown } | { miss: Miss };

/** A spec's value or why there is none; absent and `null` values both count as a miss. */
export function evaluate(spec: ValueSpec, scope: Scope): Outcome {
  if (typeof spec === 'string') return present(resolvePath(scope.value, spec), spec);
  if ('path' in spec) return present(resolvePath(scope.value, spec.path), spec.path);
  if ('literal' in spec) return { value: spec.literal };
  if ('first' in spec) {
    const misses: Miss[] = [];
    for (const option of spec.first) {
      const outcome = evaluate(option, scope);
      if ('value' in outcome) return outcome;
      misses.push(outcome.miss);
    }
    return { miss: { at: misses.map((m) => m.at).join(' | ') || '(no paths)', found: misses.map((m) => m.found).join('; ') || 'nothing' } };
  }
  if ('join' in spec) {
    const parts: string[] = [];
    for (const part of Array.isArray(spec.join) ? spec.join : [spec.join]) {
      const outcome = evaluate(part, scope);
      if ('miss' in outcome) {
        if (Array.isArray(spec.join)) continue;
        return outcome;
      }
      if (Array.isArray(outcome.value)) parts.push(...outcome.value.map(text));
      else parts.push(text(outcome.value));
    }
    return { value: parts.join(spec.with ?? ' ') };
  }
  if ('split' in spec) {
    const outcome = evaluate(spec.split, scope);
    if ('miss' in outcome) return outcome;
    if (typeof outcome.value !== 'string') return { miss: { at: label(spec.split), found: `${describe(outcome.value)}, not text to split` } };
    return { value: outcome.value.split(spec.on).map((s) => s.trim()).filter((s) => s !== '') };
  }
  if ('rename' in spec) {
    const outcome = evaluate(spec.rename, scope);
    if ('miss' in outcome) return outcome;
    const key = text(outcome.value);
    return { value: Object.prototype.hasOwnProperty.call(spec.to, key) ? spec.to[key] : outcome.value };
  }
  let missed: Miss | null = null;
  const filled = spec.template.replace(/\{([^{}]+)\}/g, (_, path: string) => {
    if (path === '#') return String(scope.ordinal);
    const outcome = present(resolvePath(scope.value, path), path);
    if ('miss' in outcome) {
      missed ??= outcome.miss;
      return '';
    }
    return text(outcome.value);
  });
  return missed ? { miss: missed } : { value: filled };
}

/** The path or transform a spec reads, for messages. */
export function label(spec: ValueSpec): string {
  if (typeof spec === 'string') return spec;
  if ('path' in spec) return spec.path;
  if ('literal' in spec) return 'a literal';
  if ('first' in spec) return spec.first.map(label).join(' | ');
  if ('join' in spec) return Array.isArray(spec.join) ? spec.join.map(label).join(' + ') : label(spec.join);
  if ('split' in spec) return label(spec.split);
  if ('rename' in spec) return label(spec.rename);
  return spec.template;
}

function present(outcome: { value: unknown } | { miss: Miss }, path: string): Outcome {
  if ('value' in outcome && (outcome.value === null || outcome.value === undefined)) return { miss: { at: path, found: 'null' } };
  return outcome;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
