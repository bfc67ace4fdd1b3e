import { Box, FormControlLabel, FormHelperText, Switch, TextField } from '@mui/material';

interface Props {
  /** How many files are chosen: the dataset name's help says what it does to all of them. */
  files: number;
  dataset: string;
  onDataset(name: string): void;
  skipInvalid: boolean;
  onSkipInvalid(skip: boolean): void;
}

/** Dataset name and the "skip invalid records" switch. */
export function ImportOptions({ files, dataset, onDataset, skipInvalid, onSkipInvalid }: Props) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3, alignItems: 'start' }}>
      <TextField
        label="Dataset name (optional)"
        size="small"
        value={dataset}
        onChange={(event) => onDataset(event.target.value)}
        helperText={`${files > 1 ? `All ${files} files go into this one dataset. ` : ''}Empty: each file goes to a dataset named after it (a folder's files, after the folder).`}
        fullWidth
      />
      <Box>
        <FormControlLabel
          control={<Switch checked={skipInvalid} onChange={(event) => onSkipInvalid(event.target.checked)} />}
          label="Skip invalid records"
        />
        <FormHelperText sx={{ mt: 0 }}>
          Off: a file with an invalid record is rejected whole. On: the rest is imported and the skipped records are listed.
        </FormHelperText>
      </Box>
    </Box>
  );
}
