import { Autocomplete, Box, Chip, FormControlLabel, Switch, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { formatCount } from '../../common/format';
import type { AnnotatorChoices } from './annotatorChoices';

interface Props {
  choices: AnnotatorChoices;
  value: string[];
  onChange(names: string[]): void;
  label: string;
  placeholder: string;
  sx?: SxProps<Theme>;
}

/**
 * Names for a task, picked or typed (a new name is a new annotator): the workspace's people are
 * offered; imported raters (a JUDGE-BENCH release brings 100+ rater slots) only when asked for,
 * counted on the switch, so that they do not bury the people. A name typed whole is taken either way.
 */
export function AnnotatorPicker({ choices, value, onChange, label, placeholder, sx }: Props) {
  const [showImported, setShowImported] = useState(false);
  const imported = new Set(choices.imported);
  const importedGroup = `Imported raters (${formatCount(choices.imported.length)})`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, ...sx }}>
      <Autocomplete
        multiple
        freeSolo
        size="small"
        options={showImported ? [...choices.people, ...choices.imported] : choices.people}
        groupBy={showImported && imported.size > 0 ? (name) => (imported.has(name) ? importedGroup : 'People') : undefined}
        value={value}
        onChange={(_e, names) => onChange([...new Set(names.map((n) => n.trim()).filter(Boolean))])}
        renderValue={(values, getItemProps) => values.map((name, index) => <Chip {...getItemProps({ index })} key={name} size="small" label={name} />)}
        renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} />}
      />
      {imported.size > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch size="small" checked={showImported} onChange={(e) => setShowImported(e.target.checked)} />}
            label={<Typography variant="body2">Show imported raters ({formatCount(imported.size)})</Typography>}
            // The small switch's track in line with the field's edge, as the dialog's other switches are.
            sx={{ ml: '-6px', mr: 0 }}
          />
          <Typography variant="caption" color="text.secondary">
            known only from imported labels, such as a release’s rater slots
          </Typography>
        </Box>
      )}
    </Box>
  );
}
