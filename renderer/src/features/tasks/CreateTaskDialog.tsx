import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useId, useState, type ReactNode } from 'react';
import type { TaskDetail } from '../../../../electron/api/contract';
import type { LabelSchema } from '../../../../electron/api/labelSchemas';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { formatCount, plural } from '../../common/format';
import { KIND_LABEL } from '../../common/KindChip';
import { SchemaEditorDialog } from '../schemaEditor/SchemaEditorDialog';
import { blankSchema, schemaFromPreset } from '../schemaEditor/schemaDraft';
import { SchemaSummary } from './SchemaSummary';
import { LookalikeNames } from './LookalikeNames';
import { AnnotatorPicker } from './AnnotatorPicker';
import { useCreateTask } from './useCreateTask';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { HiddenFileInput } from '../../common/HiddenFileInput';

const CUSTOM = '__custom__';

/** A schema applied to items, with its annotators and how they share the work. */
export function CreateTaskDialog({ onClose, onCreated }: { onClose(): void; onCreated(task: TaskDetail): void }) {
  const state = useCreateTask(onCreated);
  const { form, update, problems } = state;
  const api = useApi();
  const [editing, setEditing] = useState<LabelSchema | null>(null);
  const [schemaError, setSchemaError] = useState<string | null>(null);
  const fileInput = useId();
  const [askDiscard, setAskDiscard] = useState(false);
  /** Esc or a click beside the dialog: asks first when something was entered (Cancel is explicit and does not). */
  const dismiss = () => {
    if (state.busy) return;
    if (state.entered.length > 0) setAskDiscard(true);
    else onClose();
  };

  const applyCustom = (schema: LabelSchema, origin: string) => {
    update({ schema: { source: 'custom', schema, origin } });
    setEditing(null);
  };
  const openEditor = () => {
    if (form.schema.source === 'custom') setEditing(form.schema.schema);
    else setEditing(state.schema ? schemaFromPreset(state.schema) : blankSchema());
  };
  const importSchema = async (file: File) => {
    setSchemaError(null);
    try {
      const result = await api['schemas.import']({ text: await file.text() });
      if (result.ok) applyCustom(result.schema, file.name);
      else setSchemaError(`${file.name}: ${result.issues.slice(0, 4).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    } catch (error) {
      setSchemaError(messageOf(error));
    }
  };

  return (
    <>
      <Dialog open onClose={dismiss} maxWidth="md" fullWidth aria-labelledby="create-task-title">
        <DialogTitle id="create-task-title">New task</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <TextField label="Task name" value={form.name} onChange={(e) => update({ name: e.target.value })} error={!!problems.name} helperText={problems.name ?? 'Annotators see it; the CLI and exports use it'} autoFocus size="small" />

          <Section title="Label schema" hint="What annotators answer about each item">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label="Schema"
                value={form.schema.source === 'preset' ? form.schema.preset : CUSTOM}
                onChange={(e) => e.target.value !== CUSTOM && update({ schema: { source: 'preset', preset: e.target.value } })}
                sx={{ flex: 1 }}
              >
                {state.presets.map((preset) => (
                  <MenuItem key={preset.name} value={preset.name}>
                    {preset.title}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      preset · {preset.kinds.map((k) => KIND_LABEL[k]).join(', ') || 'any kind'}
                    </Typography>
                  </MenuItem>
                ))}
                {form.schema.source === 'custom' && (
                  <MenuItem value={CUSTOM}>
                    {form.schema.schema.title}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {form.schema.origin}
                    </Typography>
                  </MenuItem>
                )}
              </TextField>
              <Button startIcon={<EditOutlined />} onClick={openEditor} sx={{ mt: 0.25 }}>
                {form.schema.source === 'custom' ? 'Edit…' : 'Customize…'}
              </Button>
              <HiddenFileInput id={fileInput} accept=".json,application/json" data-testid="task-schema-file-input" onFile={(file) => void importSchema(file)} />
              <Button component="label" htmlFor={fileInput} startIcon={<FileUploadOutlined />} sx={{ mt: 0.25 }}>
                Import JSON…
              </Button>
            </Box>
            {schemaError && <Alert severity="error">{schemaError}</Alert>}
            {state.schema && (
              <Box sx={{ bgcolor: '#fafbfc', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
                {state.schema.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
                    {state.schema.description}
                  </Typography>
                )}
                <SchemaSummary schema={state.schema} />
              </Box>
            )}
          </Section>

          <Section title="Items" hint={state.schema && state.schema.kinds.length > 0 ? `Datasets of ${state.schema.kinds.map((k) => KIND_LABEL[k].toLowerCase() + 's').join(' or ')}` : undefined}>
            <Autocomplete
              multiple
              size="small"
              options={state.datasets.map((d) => d.name)}
              value={form.datasets.filter((name) => state.datasets.some((d) => d.name === name))}
              onChange={(_e, datasets) => update({ datasets })}
              renderOption={(props, name) => {
                const d = state.datasets.find((x) => x.name === name)!;
                return (
                  <li {...props} key={name}>
                    <Box sx={{ flex: 1 }}>{name}</Box>
                    <Typography variant="caption" color="text.secondary">
                      {KIND_LABEL[d.kind]} · {plural(d.itemCount, 'item')}
                    </Typography>
                  </li>
                );
              }}
              renderInput={(params) => <TextField {...params} label="Datasets" error={!!problems.datasets} helperText={problems.datasets ?? (state.datasets.length === 0 ? 'No dataset fits this schema yet: import some first' : undefined)} />}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 200px', gap: 1.5 }}>
              <TextField size="small" label="Only items matching" placeholder="part of an external id or a metadata value; empty for all" value={form.search} onChange={(e) => update({ search: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField select size="small" label="Findings" value={form.severity} onChange={(e) => update({ severity: e.target.value as typeof form.severity })} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
                <MenuItem value="">Any</MenuItem>
                <MenuItem value="error">With errors</MenuItem>
                <MenuItem value="warning">Errors or warnings</MenuItem>
                <MenuItem value="info">Any finding</MenuItem>
              </TextField>
            </Box>
            <Typography variant="body2" color="text.secondary" data-testid="task-match-count">
              {state.matching === null ? 'Pick datasets to see how many items the task gets.' : state.matching === undefined ? 'Counting…' : `${formatCount(state.matching)} ${state.matching === 1 ? 'item matches' : 'items match'}.`}
            </Typography>
          </Section>

          <Section title="Annotators" hint="New names are added as annotators">
            <AnnotatorPicker choices={state.annotatorChoices} value={form.annotators} onChange={(annotators) => update({ annotators })} label="Annotators" placeholder="type a name, Enter to add" />
            <LookalikeNames lookalikes={state.lookalikes} different={state.differentPeople} onUse={state.useExisting} onDifferent={state.setDifferentPeople} />
            <RadioGroup value={form.overlap} onChange={(_e, overlap) => update({ overlap: overlap as 'all' | 'fixed' })} aria-label="Overlap">
              <FormControlLabel value="all" control={<Radio size="small" />} label={<Typography variant="body2">Everyone labels every item</Typography>} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <FormControlLabel value="fixed" control={<Radio size="small" />} label={<Typography variant="body2">Each item goes to</Typography>} sx={{ mr: 0 }} />
                <TextField
                  size="small"
                  value={form.perItem}
                  onChange={(e) => update({ perItem: e.target.value, overlap: 'fixed' })}
                  error={!!problems.perItem}
                  sx={{ width: 64 }}
                  slotProps={{ htmlInput: { 'aria-label': 'Annotators per item', inputMode: 'numeric' } }}
                />
                <Typography variant="body2">annotators</Typography>
                {problems.perItem && (
                  <Typography variant="caption" color="error">
                    {problems.perItem}
                  </Typography>
                )}
              </Box>
            </RadioGroup>
          </Section>

          <Section title="Procedure">
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              <Box>
                <FormControlLabel control={<Switch checked={form.blind} onChange={(e) => update({ blind: e.target.checked })} />} label="Blind" />
                <Typography variant="caption" color="text.secondary" component="div">
                  {form.blind
                    ? 'Annotators never see other raters’ labels, before or after submitting, until you open the task for discussion.'
                    : 'Annotators see each other’s labels while they work.'}
                </Typography>
              </Box>
              <TextField size="small" label="Seed of the annotators’ order" placeholder="random" slotProps={{ inputLabel: { shrink: true } }} value={form.seed} onChange={(e) => update({ seed: e.target.value })} error={!!problems.seed} helperText={problems.seed ?? 'The same seed gives the same order'} />
              <Box sx={{ gridColumn: '1 / -1' }}>
                <FormControlLabel control={<Switch checked={form.hideScores} onChange={(e) => update({ hideScores: e.target.checked })} />} label="Hide automatic scores while labeling" />
                <Typography variant="caption" color="text.secondary" component="div">
                  {form.hideScores
                    ? 'Annotators do not see reference F1 and tiers, validator verdicts or rewards from the source, which would anchor their judgement. Findings that help reading (invalid JSON) stay.'
                    : 'Annotators see the automatic scores beside the item while they label.'}
                </Typography>
              </Box>
            </Box>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.25 }}>
                Adjudicate
              </Typography>
              <RadioGroup row value={form.policy} onChange={(_e, policy) => update({ policy: policy as 'any' | 'threshold' })} aria-label="Adjudication policy">
                <FormControlLabel value="any" control={<Radio size="small" />} label={<Typography variant="body2">every disagreement</Typography>} />
                <FormControlLabel value="threshold" control={<Radio size="small" />} label={<Typography variant="body2">items whose agreement is below</Typography>} sx={{ mr: 1 }} />
                <TextField
                  size="small"
                  value={form.thresholdPercent}
                  onChange={(e) => update({ thresholdPercent: e.target.value, policy: 'threshold' })}
                  error={!!problems.threshold}
                  helperText={problems.threshold}
                  sx={{ width: 84 }}
                  slotProps={{ htmlInput: { 'aria-label': 'Agreement threshold (%)' }, input: { endAdornment: <Typography variant="body2">%</Typography> } }}
                />
              </RadioGroup>
            </Box>
          </Section>
          {state.error && <Alert severity="error">{state.error}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} disabled={state.busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void state.submit()} disabled={state.busy}>
            Create task
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={askDiscard}
        title="Discard this new task?"
        busy={false}
        error={null}
        keepLabel="Keep editing"
        confirmLabel="Discard"
        confirmColor="warning"
        onKeep={() => setAskDiscard(false)}
        onConfirm={onClose}
      >
        <Typography variant="body2">You entered {listWords(state.entered)}; closing the dialog loses {state.entered.length > 1 ? 'them' : 'it'}.</Typography>
      </ConfirmDialog>
      {editing && <SchemaEditorDialog initial={editing} presets={state.presets} onCancel={() => setEditing(null)} onUse={(schema) => applyCustom(schema, 'edited here')} />}
    </>
  );
}

/** `['a', 'b', 'c']` → "a, b and c". */
function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h4">{title}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}
