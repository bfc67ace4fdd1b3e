import { MenuItem, TextField } from '@mui/material';

export interface FilterOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  value: string;
  /** The "no filter" choice, stored as the empty string. */
  anyLabel: string;
  options: FilterOption[];
  onChange(value: string): void;
  width?: number;
}

/** A compact labelled select whose first choice removes the filter. */
export function FilterSelect({ label, value, anyLabel, options, onChange, width = 180 }: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width }}
      // The label stays above the field, so "All datasets" reads as the current choice.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="" sx={{ color: 'text.secondary' }}>
        {anyLabel}
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
