import type { LabelSchema, Question } from '../../schemas/model';

/**
 * A label schema as a rubric a judge can follow: each question with its guidance and every
 * allowed answer with when to pick it. Lets a custom judge stay in step with the task's schema.
 */
export function rubricText(schema: LabelSchema): string {
  const intro = schema.description ? `${schema.description}\n\n` : '';
  return intro + schema.questions.map(questionText).join('\n\n');
}

function questionText(question: Question): string {
  const scope = question.scope === 'item' ? '' : ` (asked for every ${question.scope})`;
  const lines = [`${question.id}${scope}: ${question.title}`];
  if (question.description) lines.push(`  ${question.description}`);
  const answer = (value: string | number, description: string) => `  - "${value}"${description ? `: ${description}` : ''}`;
  switch (question.type) {
    case 'binary':
    case 'nominal':
      lines.push('  Answer one of:', ...question.options.map((o) => answer(o.value, o.description)));
      break;
    case 'ordinal':
      lines.push('  Answer one level, lowest first:', ...question.levels.map((l) => answer(l.value, l.description)));
      break;
    case 'multilabel':
      lines.push('  Answer every tag that applies (a list; empty when none):', ...question.tags.map((t) => answer(t.value, t.description)));
      break;
    case 'score':
      lines.push('  Answer one score:', ...question.values.map((v) => answer(v.value, v.description)));
      break;
    case 'text':
      lines.push(`  Answer in free text (at most ${question.maxLength} characters).`);
      break;
  }
  if (question.allowNA) lines.push('  Answer null when the question does not apply.');
  return lines.join('\n');
}
