import { Box, Button, IconButton, Paper, TextField, Tooltip, Typography } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import type { QuestionMapping } from '../../../../../electron/api/contract';
import { MONO_FONT } from '../../../theme/theme';
import { mappedValueText, parseMappedValue } from './valueMapText';

interface Props {
  mapping: QuestionMapping[];
  onChange(mapping: QuestionMapping[]): void;
}

const mono = { htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT, fontSize: 12.5 } } } as const;

/**
 * Where each question's answer is in the response: the answer and rationale fields, the unit
 * list of a per-unit answer, and the value map that translates what the model wrote into the
 * question's values (e.g. "6" → "Very Good").
 */
export function MappingEditor({ mapping, onChange }: Props) {
  const set = (index: number, next: QuestionMapping) => onChange(mapping.map((m, i) => (i === index ? next : m)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {mapping.map((m, index) => (
        <Paper key={index} variant="outlined" sx={{ p: 2 }} data-testid="mapping-row">
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', gap: 1.5, alignItems: 'start' }}>
            <TextField size="small" label="Question" value={m.question} onChange={(e) => set(index, { ...m, question: e.target.value })} slotProps={mono} sx={{ gridColumn: '1 / span 2' }} />
            <Tooltip title="Remove this question’s mapping">
              <IconButton aria-label={`Remove mapping of ${m.question}`} onClick={() => onChange(mapping.filter((_, i) => i !== index))}>
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <TextField size="small" label="Answer field" placeholder="e.g. verdict.value" value={m.field} onChange={(e) => set(index, { ...m, field: e.target.value })} slotProps={mono} />
            <TextField
              size="small"
              label="Rationale field"
              placeholder="none"
              value={m.rationaleField ?? ''}
              onChange={(e) => set(index, { ...m, rationaleField: e.target.value === '' ? undefined : e.target.value })}
              slotProps={mono}
            />
            {m.units && (
              <>
                <TextField size="small" label="Unit list" value={m.units.list} onChange={(e) => set(index, { ...m, units: { ...m.units!, list: e.target.value } })} slotProps={mono} helperText="the array of per-unit answers" sx={{ gridColumn: 1 }} />
                <TextField size="small" label="Unit id field" value={m.units.idField} onChange={(e) => set(index, { ...m, units: { ...m.units!, idField: e.target.value } })} slotProps={mono} helperText="the step id, node id or turn index" />
              </>
            )}
          </Box>
          <ValueMapEditor valueMap={m.valueMap ?? {}} onChange={(valueMap) => set(index, { ...m, valueMap: Object.keys(valueMap).length > 0 ? valueMap : undefined })} />
        </Paper>
      ))}
      <Box>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => onChange([...mapping, { question: '', field: '' }])}>
          Map another question
        </Button>
      </Box>
    </Box>
  );
}

type ValueMap = NonNullable<QuestionMapping['valueMap']>;

/** The value map as rows "the model wrote → the question's value"; `null` on the right means N/A. */
function ValueMapEditor({ valueMap, onChange }: { valueMap: ValueMap; onChange(next: ValueMap): void }) {
  const entries = Object.entries(valueMap);
  const rebuild = (rows: [string, ValueMap[string]][]) => onChange(Object.fromEntries(rows));
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.75 }}>
        Value map {entries.length === 0 && '— none: answers are matched against the question’s values, labels and level numbers'}
      </Typography>
      {entries.map(([from, to], i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.75 }} data-testid="value-map-row">
          <TextField size="small" aria-label="The model wrote" value={from} onChange={(e) => rebuild(entries.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))} slotProps={mono} sx={{ width: 200 }} />
          <ArrowForwardOutlined fontSize="small" sx={{ color: 'text.disabled' }} />
          <TextField
            size="small"
            aria-label="Question value"
            value={mappedValueText(to)}
            onChange={(e) => rebuild(entries.map((r, j) => (j === i ? [r[0], parseMappedValue(e.target.value)] : r)))}
            slotProps={mono}
            sx={{ width: 240 }}
          />
          <IconButton size="small" aria-label={`Remove value ${from}`} onClick={() => rebuild(entries.filter((_, j) => j !== i))}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddOutlined />} onClick={() => rebuild([...entries, [`value ${entries.length + 1}`, null]])}>
        Add value
      </Button>
    </Box>
  );
}
