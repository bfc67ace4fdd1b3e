import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, IconButton, List, ListItemButton, ListSubheader, Menu, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useId, useState } from 'react';
import type { PresetInfo } from '../../../../electron/api/contract';
import type { LabelSchema, Question, QuestionType } from '../../../../electron/api/labelSchemas';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { saveTextFile } from '../../common/download';
import { MONO_FONT } from '../../theme/theme';
import { QuestionEditor } from './QuestionEditor';
import { addQuestionsFrom, draftToJson, issueAt, issuesUnder, move, newQuestion, QUESTION_TYPES, SCOPE_TEXT, TYPE_TEXT, uniqueId } from './schemaDraft';
import { useSchemaValidation } from './useSchemaValidation';
import { HiddenFileInput } from '../../common/HiddenFileInput';

interface Props {
  initial: LabelSchema;
  presets: PresetInfo[];
  onCancel(): void;
  /** Called with the validated, canonical schema. */
  onUse(schema: LabelSchema): void;
}

const KINDS = [
  ['graph', 'SOP graphs'],
  ['plan', 'Plans'],
  ['conversation', 'Conversations'],
] as const;

/**
 * The schema editor: the schema's name and kinds, its questions in order, and the selected
 * question in full. Checked live by the service; exported and imported as JSON.
 */
export function SchemaEditorDialog({ initial, presets, onCancel, onUse }: Props) {
  const api = useApi();
  const [draft, setDraft] = useState<LabelSchema>(initial);
  const [selected, setSelected] = useState(0);
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const verdict = useSchemaValidation(draft);
  const fileInput = useId();
  const issues = verdict.issues;
  const current = Math.min(selected, draft.questions.length - 1);
  const question = draft.questions[current];

  const setQuestions = (questions: Question[], select = current) => {
    setDraft({ ...draft, questions });
    setSelected(Math.max(0, Math.min(select, questions.length - 1)));
  };
  const addQuestion = (type: QuestionType) => {
    setAddMenu(null);
    setQuestions([...draft.questions, newQuestion(type, draft.questions.map((q) => q.id))], draft.questions.length);
  };
  const addPreset = (preset: PresetInfo) => {
    setAddMenu(null);
    const next = addQuestionsFrom(draft, preset.schema);
    setDraft(next);
    setSelected(draft.questions.length);
  };
  const importFile = async (file: File) => {
    setImportError(null);
    try {
      const result = await api['schemas.import']({ text: await file.text() });
      if (!result.ok) {
        setImportError(`${file.name} is not a valid schema: ${result.issues.slice(0, 4).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
        return;
      }
      setDraft(result.schema);
      setSelected(0);
    } catch (error) {
      setImportError(messageOf(error));
    }
  };
  const exportJson = () => {
    const schema = verdict.status === 'valid' ? verdict.schema : draftToJson(draft);
    saveTextFile(`${draft.id || 'schema'}.v${draft.version}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`, 'application/json');
  };
  const schemaIssues = issues.filter((i) => !i.path.startsWith('questions['));

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xl" aria-labelledby="schema-editor-title" slotProps={{ paper: { sx: { height: 'min(92vh, 900px)' } } }}>
      <DialogTitle id="schema-editor-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5 }}>
        Label schema
        <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
          {draft.id} · v{draft.version}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <ValidityChip status={verdict.status} count={issues.length} />
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'grid', gridTemplateColumns: '340px minmax(0, 1fr)', minHeight: 0 }}>
        <Box sx={{ borderRight: 1, borderColor: 'divider', overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
          <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <TextField label="Title" size="small" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} error={!!issueAt(issues, 'title')} helperText={issueAt(issues, 'title')} />
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 76px', gap: 1 }}>
              <TextField label="Schema id" size="small" value={draft.id} onChange={(e) => setDraft({ ...draft, id: e.target.value })} error={!!issueAt(issues, 'id')} helperText={issueAt(issues, 'id')} slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 13 } } }} />
              <TextField label="Version" size="small" type="number" value={draft.version} onChange={(e) => setDraft({ ...draft, version: Number(e.target.value) })} error={!!issueAt(issues, 'version')} />
            </Box>
            <TextField label="Description" size="small" multiline minRows={2} maxRows={4} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
            <Box>
              <Typography variant="caption" color="text.secondary" component="div">
                Applies to (none ticked: any kind)
              </Typography>
              {KINDS.map(([kind, label]) => (
                <FormControlLabel
                  key={kind}
                  label={<Typography variant="body2">{label}</Typography>}
                  control={
                    <Checkbox
                      size="small"
                      checked={draft.kinds.includes(kind)}
                      onChange={(e) => setDraft({ ...draft, kinds: e.target.checked ? [...draft.kinds, kind] : draft.kinds.filter((k) => k !== kind) })}
                    />
                  }
                />
              ))}
            </Box>
          </Box>
          <Divider />
          <List
            dense
            aria-label="Questions"
            subheader={
              <ListSubheader disableSticky sx={{ display: 'flex', alignItems: 'center', lineHeight: '40px', bgcolor: 'transparent' }}>
                <Box sx={{ flex: 1 }}>Questions</Box>
                <Button size="small" startIcon={<AddOutlined />} onClick={(e) => setAddMenu(e.currentTarget)}>
                  Add question
                </Button>
              </ListSubheader>
            }
            sx={{ px: 1 }}
          >
            {draft.questions.map((q, index) => {
              const broken = issuesUnder(issues, `questions[${index}]`).length > 0;
              return (
                <ListItemButton key={index} selected={index === current} onClick={() => setSelected(index)} sx={{ borderRadius: 1, alignItems: 'flex-start', gap: 1 }} data-testid="schema-question">
                  <Typography variant="caption" color="text.secondary" sx={{ width: 16, pt: 0.25, textAlign: 'right' }}>
                    {index + 1}
                  </Typography>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      {q.title || '(untitled)'}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div" noWrap>
                      <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 11.5 }}>{q.id}</Box> · {TYPE_TEXT[q.type].label} · {SCOPE_TEXT[q.scope].toLowerCase()}
                    </Typography>
                  </Box>
                  {broken && <ErrorOutlineOutlined color="error" sx={{ fontSize: 18, mt: 0.25 }} titleAccess="Has problems" />}
                </ListItemButton>
              );
            })}
          </List>
          {schemaIssues.length > 0 && (
            <Alert severity="error" sx={{ m: 2, mt: 'auto' }}>
              {schemaIssues.map((i, n) => (
                <div key={n}>{i.path ? `${i.path}: ${i.message}` : i.message}</div>
              ))}
            </Alert>
          )}
        </Box>
        <Box sx={{ overflowY: 'auto', p: 3 }}>
          {importError && (
            <Alert severity="error" onClose={() => setImportError(null)} sx={{ mb: 2 }}>
              {importError}
            </Alert>
          )}
          {question && (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
                <Typography variant="h3" sx={{ flex: 1 }}>
                  Question {current + 1} of {draft.questions.length}
                </Typography>
                <QuestionActions
                  index={current}
                  count={draft.questions.length}
                  onMove={(delta) => setQuestions(move(draft.questions, current, delta), current + delta)}
                  onDuplicate={() => {
                    const copy = { ...structuredClone(question), id: uniqueId(question.id, draft.questions.map((q) => q.id)) };
                    setQuestions([...draft.questions.slice(0, current + 1), copy, ...draft.questions.slice(current + 1)], current + 1);
                  }}
                  onDelete={() => setQuestions(draft.questions.filter((_, i) => i !== current), current - 1)}
                />
              </Box>
              <QuestionEditor
                key={current}
                question={question}
                index={current}
                issues={issues}
                onChange={(next) => setQuestions(draft.questions.map((q, i) => (i === current ? next : q)))}
              />
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <HiddenFileInput id={fileInput} accept=".json,application/json" data-testid="schema-file-input" onFile={(file) => void importFile(file)} />
        <Button component="label" htmlFor={fileInput} startIcon={<FileUploadOutlined />}>
          Import JSON…
        </Button>
        <Button startIcon={<FileDownloadOutlined />} onClick={exportJson}>
          Export JSON
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={verdict.status !== 'valid'} onClick={() => verdict.status === 'valid' && onUse(verdict.schema)}>
          Use this schema
        </Button>
      </DialogActions>
      <Menu anchorEl={addMenu} open={!!addMenu} onClose={() => setAddMenu(null)}>
        <ListSubheader sx={{ lineHeight: '32px' }}>New question</ListSubheader>
        {QUESTION_TYPES.map((type) => (
          <MenuItem key={type} onClick={() => addQuestion(type)} dense>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {TYPE_TEXT[type].label}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {TYPE_TEXT[type].help}
              </Typography>
            </Box>
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>Questions of a preset</ListSubheader>
        {presets.map((preset) => (
          <MenuItem key={preset.name} onClick={() => addPreset(preset)} dense>
            {preset.title}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {preset.schema.questions.length === 1 ? '1 question' : `${preset.schema.questions.length} questions`}
            </Typography>
          </MenuItem>
        ))}
      </Menu>
    </Dialog>
  );
}

function ValidityChip({ status, count }: { status: 'checking' | 'valid' | 'invalid'; count: number }) {
  if (status === 'valid') return <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutlined />} label="Valid" data-testid="schema-validity" />;
  if (status === 'invalid') return <Chip size="small" color="error" variant="outlined" icon={<ErrorOutlineOutlined />} label={count === 1 ? '1 problem' : `${count} problems`} data-testid="schema-validity" />;
  return <Chip size="small" variant="outlined" label={count > 0 ? `${count} problems` : 'Checking…'} data-testid="schema-validity" />;
}

function QuestionActions({ index, count, onMove, onDuplicate, onDelete }: { index: number; count: number; onMove(delta: number): void; onDuplicate(): void; onDelete(): void }) {
  return (
    <>
      <Tooltip title="Move up">
        <span>
          <IconButton size="small" aria-label="Move question up" disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUpwardOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton size="small" aria-label="Move question down" disabled={index === count - 1} onClick={() => onMove(1)}>
            <ArrowDownwardOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Duplicate">
        <IconButton size="small" aria-label="Duplicate question" onClick={onDuplicate}>
          <ContentCopyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={count === 1 ? 'A schema needs a question' : 'Delete'}>
        <span>
          <IconButton size="small" aria-label="Delete question" disabled={count === 1} onClick={onDelete}>
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
