import { Box, Button, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import type { SchemaIssue } from '../../../../electron/api/labelSchemas';
import { MONO_FONT } from '../../theme/theme';
import { NumberField } from './NumberField';
import { issueAt, move, uniqueId } from './schemaDraft';

/** One editable answer: a choice, a level (with `numeric`) or a score value (numeric `value`). */
export interface EditableChoice {
  value: string | number;
  label: string;
  description: string;
  key?: string;
  numeric?: number;
}

interface Props<C extends EditableChoice> {
  title: string;
  hint?: string;
  rows: C[];
  onChange(rows: C[]): void;
  /** `levels` shows a numeric column; `score` makes the value a number. */
  variant: 'choice' | 'level' | 'score';
  /** Binary questions have exactly two options: no adding or removing. */
  fixedCount?: boolean;
  /** Where these rows sit in the schema (`questions[0].levels`), to place the validator's messages. */
  path: string;
  issues: SchemaIssue[];
  /** What a new row is named after (`option`, `tag`, `level`). */
  noun: string;
}

const GRID = { choice: '28px 172px 160px 52px minmax(120px, 1fr) 92px', level: '28px 172px 160px 72px 52px minmax(120px, 1fr) 92px', score: '28px 90px 160px 52px minmax(120px, 1fr) 92px' };

/** The answers of a question as an editable table: value, label, (numeric), key, description; add, reorder, remove. */
export function ChoiceListEditor<C extends EditableChoice>({ title, hint, rows, onChange, variant, fixedCount, path, issues, noun }: Props<C>) {
  const update = (index: number, patch: Partial<EditableChoice>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const add = () => {
    const last = rows[rows.length - 1];
    if (variant === 'score') {
      const next = (typeof last?.value === 'number' ? last.value : 0) + 1;
      onChange([...rows, { value: next, label: String(next), description: '' } as C]);
      return;
    }
    const value = uniqueId(noun, rows.map((r) => String(r.value)));
    const row = { value, label: '', description: '', ...(variant === 'level' ? { numeric: (last?.numeric ?? rows.length) + 1 } : {}) };
    onChange([...rows, row as C]);
  };
  const fieldSx = { '& .MuiInputBase-input': { py: 0.75, fontSize: 13.5 } };
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2">{title}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: GRID[variant], gap: 0.75, alignItems: 'start' }}>
        <span />
        <ColumnHead>Value</ColumnHead>
        <ColumnHead>Label</ColumnHead>
        {variant === 'level' && <ColumnHead>Numeric</ColumnHead>}
        <ColumnHead>Key</ColumnHead>
        <ColumnHead>When to pick it</ColumnHead>
        <span />
        {rows.map((row, index) => {
          const at = `${path}[${index}]`;
          const err = (field: string) => issueAt(issues, `${at}.${field}`) ?? (field === 'value' ? issueAt(issues, at) : undefined);
          return (
            <Box key={index} data-testid="choice-row" sx={{ display: 'contents' }}>
              <Typography variant="caption" color="text.secondary" sx={{ pt: 1, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {index + 1}
              </Typography>
              {variant === 'score' ? (
                <NumberField size="small" value={row.value as number} onValue={(value) => update(index, { value })} error={!!err('value')} helperText={err('value')} sx={fieldSx} slotProps={{ htmlInput: { 'aria-label': `Value ${index + 1}` } }} />
              ) : (
                <TextField
                  size="small"
                  value={row.value}
                  onChange={(e) => update(index, { value: e.target.value })}
                  error={!!err('value')}
                  helperText={err('value')}
                  sx={{ ...fieldSx, '& input': { fontFamily: MONO_FONT, fontSize: 12.5 } }}
                  slotProps={{ htmlInput: { 'aria-label': `Value ${index + 1}` } }}
                />
              )}
              <TextField size="small" value={row.label} placeholder={String(row.value)} onChange={(e) => update(index, { label: e.target.value })} sx={fieldSx} slotProps={{ htmlInput: { 'aria-label': `Label ${index + 1}` } }} />
              {variant === 'level' && (
                <NumberField size="small" value={row.numeric ?? NaN} onValue={(numeric) => update(index, { numeric })} error={!!err('numeric')} helperText={err('numeric')} sx={fieldSx} slotProps={{ htmlInput: { 'aria-label': `Numeric ${index + 1}` } }} />
              )}
              <TextField
                size="small"
                value={row.key ?? ''}
                onChange={(e) => update(index, { key: e.target.value.slice(-1) })}
                error={!!err('key')}
                helperText={err('key')}
                placeholder="—"
                sx={{ ...fieldSx, '& input': { textAlign: 'center', fontFamily: MONO_FONT } }}
                slotProps={{ htmlInput: { 'aria-label': `Key ${index + 1}`, maxLength: 2 } }}
              />
              <TextField size="small" value={row.description} onChange={(e) => update(index, { description: e.target.value })} sx={fieldSx} slotProps={{ htmlInput: { 'aria-label': `Description ${index + 1}` } }} />
              <Box sx={{ display: 'flex', pt: 0.25 }}>
                <IconButton size="small" aria-label={`Move ${noun} ${index + 1} up`} disabled={index === 0} onClick={() => onChange(move(rows, index, -1))}>
                  <ArrowUpwardOutlined sx={{ fontSize: 16 }} />
                </IconButton>
                <IconButton size="small" aria-label={`Move ${noun} ${index + 1} down`} disabled={index === rows.length - 1} onClick={() => onChange(move(rows, index, 1))}>
                  <ArrowDownwardOutlined sx={{ fontSize: 16 }} />
                </IconButton>
                {!fixedCount && (
                  <Tooltip title={`Remove ${noun}`}>
                    <IconButton size="small" aria-label={`Remove ${noun} ${index + 1}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                      <CloseOutlined sx={{ fontSize: 16 }} />
                    </IconButton>
                  </Tooltip>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      {!fixedCount && (
        <Button size="small" startIcon={<AddOutlined />} onClick={add} sx={{ mt: 1, ml: 3 }}>
          Add {noun}
        </Button>
      )}
    </Box>
  );
}

function ColumnHead({ children }: { children: string }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}
