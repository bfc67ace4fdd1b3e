import { Alert, Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { similarNames } from '../../../../electron/common/personName';

/** Typed names that are an existing person's but for case or spacing ("Ana" beside "ana"), each with the name it resembles. */
export function lookalikesOf(typed: readonly string[], known: readonly string[]): { name: string; existing: string }[] {
  return typed.filter((n) => !known.includes(n)).flatMap((name) => similarNames(name, known).slice(0, 1).map((existing) => ({ name, existing })));
}

/**
 * Asks, before a task is created, whether a typed name like an existing person's is that person:
 * "Use “ana”" swaps the name, or the box says they are different people (created anyway).
 */
export function LookalikeNames({ lookalikes, different, onUse, onDifferent }: { lookalikes: { name: string; existing: string }[]; different: boolean; onUse(): void; onDifferent(value: boolean): void }) {
  if (lookalikes.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="lookalike-names">
      {lookalikes.map((l) => `“${l.name}” differs from the existing annotator “${l.existing}” only by case or spacing.`).join(' ')} Is it the same person?
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <Button size="small" color="inherit" variant="outlined" onClick={onUse}>
          Use {lookalikes.map((l) => `“${l.existing}”`).join(', ')}
        </Button>
        <FormControlLabel control={<Checkbox size="small" checked={different} onChange={(e) => onDifferent(e.target.checked)} />} label={<Typography variant="body2">They are different people</Typography>} />
      </Box>
    </Alert>
  );
}
