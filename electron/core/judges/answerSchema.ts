import { z } from 'zod';
import { zodIssues } from '../formats/shapeErrors';

/** Compiled validators by schema object: a run checks every answer against the same schema. */
const compiled = new WeakMap<object, z.ZodType | null>();

function validatorOf(schema: Record<string, unknown>): z.ZodType | null {
  if (!compiled.has(schema)) {
    let validator: z.ZodType | null;
    try {
      validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    } catch {
      // A schema zod cannot read (a keyword it does not support) is left to the server and the mapping.
      validator = null;
    }
    compiled.set(schema, validator);
  }
  return compiled.get(schema)!;
}

/**
 * What is wrong with an answer against a judge's response schema (JSON Schema), one line per
 * problem with its path (`overall_quality: Invalid option: expected one of …`); empty when it
 * conforms. Used where the server did not enforce the schema (the `json_object` fallback).
 * Validation is zod's `fromJSONSchema`; a schema it cannot read yields no problems, leaving
 * the check to the question mapping, which reads every answer anyway.
 *
 * @example answerSchemaProblems({ type: 'object', properties: { v: { enum: ['a'] } }, required: ['v'] }, { v: 'b' })
 *   // ['v: Invalid option: expected one of "a"']
 */
export function answerSchemaProblems(schema: Record<string, unknown>, answer: unknown): string[] {
  const validator = validatorOf(schema);
  if (!validator) return [];
  const result = validator.safeParse(answer, { reportInput: true });
  if (result.success) return [];
  return zodIssues(result.error).map((issue) => `${issue.path || '(the answer)'}: ${issue.message}`);
}
