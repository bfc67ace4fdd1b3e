import { Alert, Checkbox, FormControlLabel, Typography, type SxProps, type Theme } from '@mui/material';

/**
 * A name typed for someone (added or renamed) that differs from a person already there only by
 * case or spacing: said so, and the lead must tick that they are different people before going on.
 */
export function LookalikeNameCheck({ typed, lookalike, differentPeople, onDifferentPeople, sx }: { typed: string; lookalike: string; differentPeople: boolean; onDifferentPeople(value: boolean): void; sx?: SxProps<Theme> }) {
  return (
    <Alert severity="warning" sx={sx} data-testid="lookalike-name">
      “{typed}” differs from “{lookalike}” only by case or spacing.
      <FormControlLabel
        sx={{ display: 'flex', mt: 0.5 }}
        control={<Checkbox size="small" checked={differentPeople} onChange={(e) => onDifferentPeople(e.target.checked)} />}
        label={<Typography variant="body2">They are different people</Typography>}
      />
    </Alert>
  );
}
