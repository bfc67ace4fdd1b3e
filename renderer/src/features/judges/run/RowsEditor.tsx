import { Box, Button, IconButton, TextField } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';

interface Column<R> {
  key: keyof R & string;
  label: string;
  width: number | string;
  type?: 'text' | 'number';
  placeholder?: string;
  mono?: boolean;
}

interface Props<R> {
  /** Names the rows in accessible labels ("Header 2 name"). */
  noun: string;
  rows: R[];
  columns: Column<R>[];
  empty: R;
  addLabel: string;
  onChange(rows: R[]): void;
  disabled?: boolean;
}

/** A small editable table of text rows (extra headers, prices), with add and remove. */
export function RowsEditor<R extends Record<string, string>>({ noun, rows, columns, empty, addLabel, onChange, disabled }: Props<R>) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {rows.map((row, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {columns.map((column) => (
            <TextField
              key={column.key}
              size="small"
              type={column.type ?? 'text'}
              label={i === 0 ? column.label : undefined}
              placeholder={column.placeholder}
              value={row[column.key]}
              disabled={disabled}
              onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, [column.key]: e.target.value } : r)))}
              slotProps={{ htmlInput: { 'aria-label': `${noun} ${i + 1} ${column.label.toLowerCase()}`, spellCheck: false } }}
              sx={{ width: column.width, flexShrink: 0 }}
            />
          ))}
          <IconButton size="small" aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} disabled={disabled}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button size="small" startIcon={<AddOutlined />} onClick={() => onChange([...rows, { ...empty }])} disabled={disabled}>
          {addLabel}
        </Button>
      </Box>
    </Box>
  );
}
