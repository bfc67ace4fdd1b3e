import { Box, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import type { Question, QuestionScope, QuestionType, SchemaIssue, Tier } from '../../../../electron/api/labelSchemas';
import { MONO_FONT } from '../../theme/theme';
import { ChoiceListEditor } from './ChoiceListEditor';
import { NumberField } from './NumberField';
import { TiersEditor } from './TiersEditor';
import { convertQuestion, issueAt, QUESTION_SCOPES, QUESTION_TYPES, SCOPE_TEXT, TYPE_TEXT } from './schemaDraft';

interface Props {
  question: Question;
  /** Position in the schema, to place the validator's messages (`questions[2]…`). */
  index: number;
  issues: SchemaIssue[];
  onChange(question: Question): void;
}

/** Everything about one question: wording, type, scope, flags and its answers. */
export function QuestionEditor({ question, index, issues, onChange }: Props) {
  const path = `questions[${index}]`;
  const at = (field: string) => issueAt(issues, `${path}.${field}`);
  const patch = (changes: Partial<Question>) => onChange({ ...question, ...changes } as Question);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }} data-testid="question-editor">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 220px', gap: 1.5 }}>
        <TextField label="Question" value={question.title} onChange={(e) => patch({ title: e.target.value })} error={!!at('title')} helperText={at('title')} size="small" />
        <TextField
          label="Id"
          value={question.id}
          onChange={(e) => patch({ id: e.target.value })}
          error={!!at('id')}
          helperText={at('id') ?? 'Used in labels and exports'}
          size="small"
          slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 13 } } }}
        />
      </Box>
      <TextField label="Guidance for annotators" value={question.description} onChange={(e) => patch({ description: e.target.value })} multiline minRows={2} maxRows={5} size="small" />
      <Box sx={{ display: 'grid', gridTemplateColumns: '200px 220px minmax(0, 1fr)', gap: 1.5, alignItems: 'center' }}>
        <TextField select label="Type" size="small" value={question.type} onChange={(e) => onChange(convertQuestion(question, e.target.value as QuestionType))} helperText={TYPE_TEXT[question.type].help}>
          {QUESTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {TYPE_TEXT[type].label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Asked about" size="small" value={question.scope} onChange={(e) => patch({ scope: e.target.value as QuestionScope })} error={!!at('scope')} helperText={at('scope') ?? (question.scope === 'item' ? 'Once per item' : 'Once per unit, in the viewer’s selection')}>
          {QUESTION_SCOPES.map((scope) => (
            <MenuItem key={scope} value={scope}>
              {SCOPE_TEXT[scope]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 2, pl: 1, alignSelf: 'start', pt: 0.5 }}>
          <FormControlLabel control={<Switch size="small" checked={question.required} onChange={(e) => patch({ required: e.target.checked })} />} label="Required" />
          <FormControlLabel control={<Switch size="small" checked={question.allowNA} onChange={(e) => patch({ allowNA: e.target.checked })} />} label="N/A allowed" />
        </Box>
      </Box>
      <Answers question={question} path={path} issues={issues} onChange={onChange} />
    </Box>
  );
}

function Answers({ question, path, issues, onChange }: { question: Question; path: string; issues: SchemaIssue[]; onChange(q: Question): void }) {
  switch (question.type) {
    case 'binary':
      return (
        <ChoiceListEditor title="Options" hint="exactly two, the positive one first" rows={question.options} onChange={(rows) => onChange({ ...question, options: [rows[0], rows[1]] })} variant="choice" fixedCount path={`${path}.options`} issues={issues} noun="option" />
      );
    case 'nominal':
      return <ChoiceListEditor title="Options" rows={question.options} onChange={(options) => onChange({ ...question, options })} variant="choice" path={`${path}.options`} issues={issues} noun="option" />;
    case 'multilabel':
      return <ChoiceListEditor title="Tags" hint="any number may apply" rows={question.tags} onChange={(tags) => onChange({ ...question, tags })} variant="choice" path={`${path}.tags`} issues={issues} noun="tag" />;
    case 'ordinal':
      return (
        <>
          <ChoiceListEditor title="Levels" hint="lowest first; numbers 1–9 pick them on the labeling screen" rows={question.levels} onChange={(levels) => onChange({ ...question, levels: levels.map((l) => ({ ...l, numeric: l.numeric ?? NaN })) })} variant="level" path={`${path}.levels`} issues={issues} noun="level" />
          <TiersEditor tiers={question.tiers} onChange={(tiers: Tier[]) => onChange({ ...question, tiers })} path={`${path}.tiers`} issues={issues} />
        </>
      );
    case 'score':
      return <ChoiceListEditor title="Values" hint="lowest first" rows={question.values} onChange={(values) => onChange({ ...question, values: values.map((v) => ({ ...v, value: Number(v.value) })) })} variant="score" path={`${path}.values`} issues={issues} noun="value" />;
    case 'text':
      return (
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Answer
          </Typography>
          <NumberField label="Longest answer (characters)" size="small" value={question.maxLength} onValue={(maxLength) => onChange({ ...question, maxLength })} error={!!issueAt(issues, `${path}.maxLength`)} helperText={issueAt(issues, `${path}.maxLength`)} sx={{ width: 240 }} />
        </Box>
      );
  }
}
