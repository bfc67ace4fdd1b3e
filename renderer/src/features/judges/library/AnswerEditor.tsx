import { Box, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import type { JudgeDefinition } from '../../../../../electron/api/contract';
import { MONO_FONT } from '../../../theme/theme';
import { JsonField } from './JsonField';
import { MappingEditor } from './MappingEditor';

interface Props {
  draft: JudgeDefinition;
  update(change: (draft: JudgeDefinition) => JudgeDefinition): void;
}

const MODES: { value: JudgeDefinition['output']['mode']; label: string }[] = [
  { value: 'json_schema', label: 'Structured output (JSON schema)' },
  { value: 'json_object', label: 'Any JSON object' },
  { value: 'text', label: 'Plain text (JSON read out of it)' },
];

/** What the judge asks for — the response schema — and how the answer maps onto the task's questions. */
export function AnswerEditor({ draft, update }: Props) {
  const output = draft.output;
  const setOutput = (next: Partial<JudgeDefinition['output']>) => update((d) => ({ ...d, output: { ...d.output, ...next } }));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.8 }}>
          Response
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField select size="small" label="Requested as" value={output.mode} onChange={(e) => setOutput({ mode: e.target.value as typeof output.mode })} sx={{ minWidth: 260 }}>
            {MODES.map((m) => (
              <MenuItem key={m.value} value={m.value}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label="Schema name" value={output.name} onChange={(e) => setOutput({ name: e.target.value })} slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 12.5 } } }} />
          <FormControlLabel control={<Switch checked={output.strict} onChange={(e) => setOutput({ strict: e.target.checked })} />} label="Strict" />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
          Whatever the mode, the answer is read tolerantly: the whole reply as JSON, else a fenced block, else the first balanced object.
        </Typography>
        <JsonField label="Response JSON schema" value={output.schema} minRows={14} onChange={(schema) => setOutput({ schema: schema as Record<string, unknown> })} />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.8 }}>
          Mapping onto the questions
        </Typography>
        <MappingEditor mapping={draft.mapping} onChange={(mapping) => update((d) => ({ ...d, mapping }))} />
      </Box>
    </Box>
  );
}
