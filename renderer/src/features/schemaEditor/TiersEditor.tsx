import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import type { SchemaIssue, Tier } from '../../../../electron/api/labelSchemas';
import { NumberField } from './NumberField';
import { issueAt } from './schemaDraft';

/** Named bands of an ordinal scale that reports show (plan quality's A+ / A / B): a name and the lowest numeric value in it. */
export function TiersEditor({ tiers, onChange, path, issues }: { tiers: Tier[]; onChange(tiers: Tier[]): void; path: string; issues: SchemaIssue[] }) {
  const update = (index: number, patch: Partial<Tier>) => onChange(tiers.map((t, i) => (i === index ? { ...t, ...patch } : t)));
  return (
    <Box component="section" aria-label="Tiers">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2">Tiers</Typography>
        <Typography variant="caption" color="text.secondary">
          optional bands shown beside the levels and in reports; a level is in every tier whose lowest value it reaches
        </Typography>
      </Box>
      {tiers.map((tier, index) => (
        <Box key={index} sx={{ display: 'grid', gridTemplateColumns: '28px 110px 130px minmax(120px, 1fr) 34px', gap: 0.75, mb: 0.75 }}>
          <span />
          <TextField size="small" label="Name" value={tier.name} onChange={(e) => update(index, { name: e.target.value })} error={!!issueAt(issues, `${path}[${index}].name`)} />
          <NumberField size="small" label="From numeric" value={tier.minNumeric} onValue={(minNumeric) => update(index, { minNumeric })} error={!!issueAt(issues, `${path}[${index}].minNumeric`)} />
          <TextField size="small" label="Description" value={tier.description} onChange={(e) => update(index, { description: e.target.value })} />
          <IconButton size="small" aria-label={`Remove tier ${tier.name || index + 1}`} onClick={() => onChange(tiers.filter((_, i) => i !== index))} sx={{ alignSelf: 'center' }}>
            <CloseOutlined sx={{ fontSize: 16 }} />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddOutlined />} onClick={() => onChange([...tiers, { name: '', minNumeric: NaN, description: '' }])} sx={{ ml: 3 }}>
        Add tier
      </Button>
    </Box>
  );
}
