import { z } from 'zod';
import { issuesText, zodIssues } from '../formats/shapeErrors';
import { canonicalJson } from './canonicalJson';
import { JUDGE_FORMAT, type JudgeDefinition } from './model';
import { PLACEHOLDERS } from './placeholders';
import { sha256Hex } from './sha256';
import { unknownPlaceholders } from './template';

/** One problem in a judge file: where (`mapping[0].field`) and what is wrong. */
export interface JudgeIssue {
  path: string;
  message: string;
}

/** A judge file that failed validation; the message lists the first few issues. */
export class JudgeDefinitionError extends Error {
  constructor(readonly issues: JudgeIssue[]) {
    super(
      `invalid judge: ${issuesText(issues, '')}`,
    );
    this.name = 'JudgeDefinitionError';
  }
}

const text = (what: string) => z.string({ error: `${what} must be text` });
const path = (what: string) =>
  text(what).regex(/^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/, { error: `${what} must be a property path such as "verdict" or "answer.value"` });
const labelValue = z.union([z.string(), z.number(), z.array(z.string())]);
const optionalNumber = (what: string, schema: z.ZodNumber) => schema.nullable().default(null).describe(what);

/**
 * The zod schema of judge JSON. Lenient where writing by hand is tedious (sampling, output
 * mode, description default) and strict about what would make a run silently wrong: unknown
 * fields, unknown placeholders, a question mapped twice.
 */
export const judgeJson = z
  .strictObject({
    format: z.literal(JUDGE_FORMAT, { error: `format must be "${JUDGE_FORMAT}"` }).optional(),
    id: text('id').regex(/^[a-z0-9][a-z0-9_.-]*$/, { error: 'id must be lower case (a–z, 0–9, _ . -), e.g. "plan-quality-reference"' }),
    title: text('title').min(1, { error: 'title must not be empty' }),
    description: text('description').default(''),
    schemaId: text('schemaId').min(1, { error: 'schemaId names the label schema the judge answers, e.g. "plan-quality"' }),
    kinds: z.array(z.enum(['graph', 'plan', 'conversation'], { error: 'kinds lists graph, plan or conversation' })).default([]),
    per: z.enum(['item', 'node', 'step', 'turn'], { error: 'per must be item, node, step or turn' }).default('item'),
    template: z.strictObject({
      system: text('template.system').default(''),
      user: text('template.user').min(1, { error: 'the user message must not be empty' }),
    }),
    sampling: z
      .strictObject({
        temperature: optionalNumber('temperature', z.number().min(0).max(2)),
        topP: optionalNumber('topP', z.number().gt(0).max(1)),
        maxTokens: optionalNumber('maxTokens', z.number().int().positive()),
        seed: optionalNumber('seed', z.number().int()),
      })
      .default({ temperature: 0, topP: null, maxTokens: null, seed: null }),
    output: z.strictObject({
      mode: z.enum(['json_schema', 'json_object', 'text'], { error: 'output.mode must be json_schema, json_object or text' }).default('json_schema'),
      name: text('output.name').regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'output.name must be 1–64 letters, digits, _ or -' }).default('judgement'),
      schema: z.record(z.string(), z.unknown(), { error: 'output.schema must be a JSON Schema object' }),
      strict: z.boolean().default(true),
    }),
    mapping: z
      .array(
        z.strictObject({
          question: text('question').min(1),
          field: path('field'),
          rationaleField: path('rationaleField').optional(),
          valueMap: z.record(z.string(), labelValue.nullable()).optional(),
          units: z.strictObject({ list: path('units.list'), idField: path('units.idField') }).optional(),
        }),
      )
      .min(1, { error: 'mapping must map at least one question' }),
  })
  .superRefine((judge, ctx) => {
    const issue = (p: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path: p, message });
    for (const part of ['system', 'user'] as const) {
      const unknown = unknownPlaceholders(judge.template[part]);
      if (unknown.length > 0) {
        issue(['template', part], `unknown placeholder${unknown.length === 1 ? '' : 's'} ${unknown.map((u) => `{{${u}}}`).join(', ')}; known: ${PLACEHOLDERS.map((p) => p.name).join(', ')}`);
      }
    }
    const seen = new Set<string>();
    judge.mapping.forEach((m, i) => {
      if (seen.has(m.question)) issue(['mapping', i, 'question'], `"${m.question}" is mapped twice`);
      seen.add(m.question);
      if (m.units && judge.per !== 'item') issue(['mapping', i, 'units'], 'a judge called once per unit reads each answer from its own reply; drop units');
    });
  });

/**
 * Validates judge JSON (already parsed) and returns it in canonical form, defaults filled in.
 *
 * @returns `{ ok: true, judge }`, or `{ ok: false, issues }` with every problem and its path.
 */
export function validateJudge(input: unknown): { ok: true; judge: JudgeDefinition } | { ok: false; issues: JudgeIssue[] } {
  const parsed = judgeJson.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error) };
  const j = parsed.data;
  return {
    ok: true,
    judge: {
      format: JUDGE_FORMAT,
      id: j.id,
      title: j.title,
      description: j.description,
      schemaId: j.schemaId,
      kinds: j.kinds,
      per: j.per,
      template: { system: j.template.system, user: j.template.user },
      sampling: { temperature: j.sampling.temperature, topP: j.sampling.topP, maxTokens: j.sampling.maxTokens, seed: j.sampling.seed },
      output: { mode: j.output.mode, name: j.output.name, schema: j.output.schema, strict: j.output.strict },
      mapping: j.mapping.map((m) => ({
        question: m.question,
        field: m.field,
        ...(m.rationaleField ? { rationaleField: m.rationaleField } : {}),
        ...(m.valueMap ? { valueMap: m.valueMap } : {}),
        ...(m.units ? { units: { list: m.units.list, idField: m.units.idField } } : {}),
      })),
    },
  };
}

/**
 * Like {@link validateJudge} but throws.
 *
 * @throws JudgeDefinitionError listing every issue.
 */
export function parseJudge(input: unknown): JudgeDefinition {
  const result = validateJudge(input);
  if (!result.ok) throw new JudgeDefinitionError(result.issues);
  return result.judge;
}

/**
 * Parses judge JSON text (a file the user chose).
 *
 * @throws JudgeDefinitionError for text that is not JSON or not a valid judge.
 */
export function parseJudgeText(json: string): JudgeDefinition {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new JudgeDefinitionError([{ path: '', message: `not valid JSON: ${(error as Error).message}` }]);
  }
  return parseJudge(value);
}

/** The judge as pretty JSON text, ready to save; `parseJudgeText` reads it back unchanged. */
export function judgeToJson(judge: JudgeDefinition): string {
  return `${JSON.stringify(judge, null, 2)}\n`;
}

/**
 * A judge's version: the first 16 hex digits of SHA-256 over what decides its answers — the
 * template, the granularity, the sampling settings, the output request and the mapping (not
 * its title or description). Two judges with the same version send the same requests.
 *
 * @example judgeVersion(judge) // 'c0ffee…' (16 hex digits)
 */
export function judgeVersion(judge: JudgeDefinition): string {
  return sha256Hex(canonicalJson({ per: judge.per, template: judge.template, sampling: judge.sampling, output: judge.output, mapping: judge.mapping })).slice(0, 16);
}
