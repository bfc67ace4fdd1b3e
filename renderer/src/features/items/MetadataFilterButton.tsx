import { Autocomplete, Box, Button, MenuItem, Popover, TextField } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useState } from 'react';
import type { MetadataValue } from '../../api/types';
import { humanizeKey } from '../../common/format';

interface Props {
  fields: { key: string; values: MetadataValue[] }[];
  onAdd(key: string, value: string | number | boolean): void;
}

/** "+ Metadata": pick a field and one of its values (or type one) to filter on `field = value`. */
export function MetadataFilterButton({ fields, onAdd }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [key, setKey] = useState('');
  const [value, setValue] = useState<MetadataValue | string>(null);
  const values = fields.find((f) => f.key === key)?.values.filter((v) => v !== null) ?? [];
  const close = () => {
    setAnchor(null);
    setKey('');
    setValue(null);
  };
  const add = () => {
    if (!key || value === null || value === '') return;
    onAdd(key, typeof value === 'string' ? typedLike(value, values) : value);
    close();
  };
  return (
    <>
      <Button size="small" startIcon={<AddOutlined />} onClick={(event) => setAnchor(event.currentTarget)} disabled={fields.length === 0}>
        Metadata
      </Button>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
          sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, width: 300 }}
        >
          <TextField select size="small" label="Field" value={key} onChange={(event) => { setKey(event.target.value); setValue(null); }}>
            {fields.map((field) => (
              <MenuItem key={field.key} value={field.key}>
                {humanizeKey(field.key)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            freeSolo
            size="small"
            disabled={!key}
            options={values as (string | number | boolean)[]}
            getOptionLabel={(option) => String(option)}
            value={value as string | number | boolean | null}
            onChange={(_event, next) => setValue(next)}
            onInputChange={(_event, text, reason) => reason === 'input' && setValue(text)}
            renderInput={(params) => <TextField {...params} label="Value" />}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!key || value === null || value === ''}>
              Add filter
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}

/** A typed-in value takes the type of the field's known values (a number field gets a number). */
function typedLike(text: string, values: MetadataValue[]): string | number | boolean {
  const known = values.find((v) => String(v) === text);
  if (known !== undefined && known !== null) return known;
  if (values.length > 0 && values.every((v) => typeof v === 'number') && Number.isFinite(Number(text))) return Number(text);
  if (values.length > 0 && values.every((v) => typeof v === 'boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
