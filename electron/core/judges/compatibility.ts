import type { LabelSchema } from '../schemas/model';
import { findQuestion } from '../schemas/model';
import type { JudgeDefinition } from './model';

/**
 * Why a judge cannot answer a task's schema, one message per problem; empty when it can.
 * Checked before a run starts, so a mismatch fails once with a clear message instead of
 * failing every item.
 *
 * @example judgeSchemaProblems(planQualityJudge, presetSchema('sop-graph-review')!)
 *   // ['the judge maps "overall_quality", which schema "sop-graph-review" does not have', …]
 */
export function judgeSchemaProblems(judge: JudgeDefinition, schema: LabelSchema): string[] {
  const problems: string[] = [];
  for (const mapping of judge.mapping) {
    const question = findQuestion(schema, mapping.question);
    if (!question) {
      problems.push(`the judge maps "${mapping.question}", which schema "${schema.id}" does not have (its questions: ${schema.questions.map((q) => q.id).join(', ')})`);
      continue;
    }
    if (judge.per === 'item') {
      if (question.scope !== 'item' && !mapping.units) {
        problems.push(`"${question.id}" is asked per ${question.scope}; a judge called once per item needs units (the list of per-${question.scope} answers)`);
      }
      if (question.scope === 'item' && mapping.units) problems.push(`"${question.id}" is about the whole item; its mapping must not list units`);
    } else if (question.scope !== judge.per) {
      problems.push(`the judge is called once per ${judge.per}, but "${question.id}" is asked ${question.scope === 'item' ? 'about the whole item' : `per ${question.scope}`}`);
    }
  }
  const kinds = judge.kinds.filter((k) => schema.kinds.length > 0 && !schema.kinds.includes(k));
  if (judge.kinds.length > 0 && kinds.length === judge.kinds.length) {
    problems.push(`the judge reads ${judge.kinds.join(', ')} items, but schema "${schema.id}" is for ${schema.kinds.join(', ')}`);
  }
  return problems;
}

/** Questions of the schema the judge leaves unanswered (text rationales aside), for a warning. */
export function unmappedQuestions(judge: JudgeDefinition, schema: LabelSchema): string[] {
  const mapped = new Set(judge.mapping.map((m) => m.question));
  return schema.questions.filter((q) => q.type !== 'text' && !mapped.has(q.id)).map((q) => q.id);
}
