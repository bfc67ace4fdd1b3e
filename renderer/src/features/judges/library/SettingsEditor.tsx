import { Box, Checkbox, FormControlLabel, FormGroup, MenuItem, TextField, Typography } from '@mui/material';
import type { JudgeDefinition } from '../../../../../electron/api/contract';
import { KIND_LABEL } from '../../../common/KindChip';
import { MONO_FONT } from '../../../theme/theme';

interface Props {
  draft: JudgeDefinition;
  update(change: (draft: JudgeDefinition) => JudgeDefinition): void;
}

type Sampling = JudgeDefinition['sampling'];
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Who the judge is (id, title, schema, kinds, granularity) and the sampling settings sent with every request. */
export function SettingsEditor({ draft, update }: Props) {
  const setSampling = (key: keyof Sampling, text: string) => update((d) => ({ ...d, sampling: { ...d.sampling, [key]: numberOrNull(text) } }));
  const mono = { htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT, fontSize: 12.5 } } } as const;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.8 }}>
          Judge
        </Typography>
        <TextField size="small" label="Id" value={draft.id} onChange={(e) => update((d) => ({ ...d, id: e.target.value }))} slotProps={mono} helperText="Runs and rater names refer to it; lower case." />
        <TextField size="small" label="Title" value={draft.title} onChange={(e) => update((d) => ({ ...d, title: e.target.value }))} />
        <TextField size="small" label="Description" value={draft.description} multiline minRows={2} onChange={(e) => update((d) => ({ ...d, description: e.target.value }))} />
        <TextField size="small" label="Label schema" value={draft.schemaId} onChange={(e) => update((d) => ({ ...d, schemaId: e.target.value }))} slotProps={mono} helperText="The annotation schema whose questions it answers." />
        <Box>
          <Typography variant="caption" color="text.secondary">
            Reads
          </Typography>
          <FormGroup row>
            {(Object.keys(KIND_LABEL) as JudgeDefinition['kinds']).map((kind) => (
              <FormControlLabel
                key={kind}
                label={KIND_LABEL[kind]}
                control={
                  <Checkbox
                    size="small"
                    checked={draft.kinds.includes(kind)}
                    onChange={(e) => update((d) => ({ ...d, kinds: e.target.checked ? [...d.kinds, kind] : d.kinds.filter((k) => k !== kind) }))}
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
        <TextField select size="small" label="One request per" value={draft.per} onChange={(e) => update((d) => ({ ...d, per: e.target.value as JudgeDefinition['per'] }))} sx={{ maxWidth: 240 }}>
          <MenuItem value="item">item</MenuItem>
          <MenuItem value="step">plan step</MenuItem>
          <MenuItem value="node">graph node</MenuItem>
          <MenuItem value="turn">conversation turn</MenuItem>
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.8 }}>
          Sampling
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ mt: -1.5 }}>
          Empty leaves the server’s default. Any change makes a new version: runs and the cache key on it.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
          <SamplingField label="Temperature" value={draft.sampling.temperature} onChange={(t) => setSampling('temperature', t)} />
          <SamplingField label="Top p" value={draft.sampling.topP} onChange={(t) => setSampling('topP', t)} />
          <SamplingField label="Max tokens" value={draft.sampling.maxTokens} onChange={(t) => setSampling('maxTokens', t)} />
          <SamplingField label="Seed" value={draft.sampling.seed} onChange={(t) => setSampling('seed', t)} />
        </Box>
      </Box>
    </Box>
  );
}

function SamplingField({ label, value, onChange }: { label: string; value: number | null; onChange(text: string): void }) {
  return <TextField size="small" type="number" label={label} value={value ?? ''} placeholder="server default" onChange={(e) => onChange(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />;
}
